import { readFileSync } from 'node:fs';
import { DEFAULT_OFFLINE_ALLOWANCE_HOURS } from '@lbs/domain/license-server';
import { parseOfflineActivationRequest } from '@lbs/domain/offline-activation';
import { canonicalLicenseKey, LICENSE_KEY_ALPHABET, LICENSE_KEY_PATTERN } from '@lbs/license-protocol/license-key';
import type { OfflineRequestClaims } from '@lbs/license-protocol/offline-request';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli';
import { encodeOfflineRequest, keyFingerprint } from './offline-request';

/** What a desktop team reads: this package's README and the protocol page. */
const DOCS = {
  'packages/license-client/README.md': readFileSync(
    new URL('../README.md', import.meta.url),
    'utf8',
  ),
  'docs/license-api.md': readFileSync(
    new URL('../../../docs/license-api.md', import.meta.url),
    'utf8',
  ),
};

describe('the integrator docs', () => {
  it.each(Object.entries(DOCS))(
    '%s: every example key is in the real key format',
    (_path, text) => {
      // A literal key (letters and digits in hyphenated groups), not a placeholder such as KEY or $KEY.
      const literal = '([0-9A-Za-z]+(?:-[0-9A-Za-z]+)+)';
      const keys = [
        ...text.matchAll(
          new RegExp(
            `--key[ =]${literal}|"license_key":\\s*"${literal}"|looks like \`${literal}\``,
            'g',
          ),
        ),
      ].map((m) => m[1] ?? m[2] ?? m[3]);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys)
        expect(key, 'a licence key as the shop issues it').toMatch(LICENSE_KEY_PATTERN);
    },
  );

  // The repository has no DESIGN.md: a team outside it cannot follow such a reference.
  it.each(Object.entries(DOCS))(
    '%s: refers to no DESIGN.md the repository does not have',
    (_path, text) => {
      expect(text).not.toMatch(/DESIGN(\.md| §)/);
    },
  );
});

describe("docs/license-api.md, offline activation's worked example", () => {
  const text = DOCS['docs/license-api.md'];
  const section = text.slice(text.indexOf("## Offline activation: the booth's side"));

  it("names the key's alphabet as the licence protocol has it", () => {
    expect(section).toContain(`alphabet \`${LICENSE_KEY_ALPHABET}\``);
  });

  it('canonicalises the key, fingerprints it, and encodes the JSON as this client does', () => {
    const [, typed, canonical] = /`([0-9a-z ]{35})` → `([0-9A-Z-]{35})`/.exec(section) ?? [];
    expect(canonicalLicenseKey(typed!)).toBe(canonical);
    const [, kf] = /For the key above: `([A-Za-z0-9_-]{43})`/.exec(section) ?? [];
    expect(kf).toBe(keyFingerprint(canonical!));
    const [, json, request] = /^ {3}(\{"v":1,.*\})\n {3}(lboa1-req\.\S+)$/m.exec(section) ?? [];
    const claims = JSON.parse(json!) as OfflineRequestClaims;
    expect(claims.kf).toBe(kf);
    expect(encodeOfflineRequest(claims)).toBe(request);
    expect(parseOfflineActivationRequest(request!)).toMatchObject({ ok: true, request: claims });
  });
});

/**
 * What the booth answers to an offline answer, in the order acceptOfflineAnswer checks it: the
 * refusal codes (and `lease-rejected`, step 2) as each integrator doc must list them.
 */
const ANSWER_CHECKS = [
  'NOT_AN_ANSWER',
  'lease-rejected',
  'NO_PENDING_REQUEST',
  'OFFLINE_ANSWER_MISMATCH',
  'OFFLINE_REQUEST_EXPIRED',
  'OFFLINE_ANSWER_EXPIRED',
];
const ANSWER_REFUSED = ANSWER_CHECKS.filter((c) => c !== 'lease-rejected');

/** The first place each of `words` appears in `text`, in the order given; -1 when missing. */
const positions = (text: string, words: string[]) => words.map((w) => text.indexOf(w));

describe("offline activation's checks and exit status 5, as the docs state them", () => {
  it("docs/license-api.md's numbered checks list the client's checks in its order", () => {
    const text = DOCS['docs/license-api.md'];
    const start = text.indexOf('### The answer');
    const steps = text.slice(start, text.indexOf('**Another key', start));
    const numbered = [...steps.matchAll(/^(\d+)\. \*\*([^*]+)\*\*/gm)];
    expect(numbered.map((m) => Number(m[1]))).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const at = positions(steps, ANSWER_CHECKS);
    expect(
      at.every((p) => p >= 0),
      `all of ${ANSWER_CHECKS.join(', ')}`,
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // A text that is not `lboa1-ans.` + a compact JWS is not an answer, not a rejected lease.
    expect(numbered[0]![0]).toContain('Read');
    expect(steps).toMatch(/three non-empty segments[\s\S]*?`NOT_AN_ANSWER`/);
  });

  it("the README's table lists them in the same order", () => {
    const text = DOCS['packages/license-client/README.md'];
    const start = text.indexOf('**What the booth checks**');
    const table = text.slice(start, text.indexOf('\n\n', text.indexOf('|---|', start)));
    const at = positions(table, ANSWER_CHECKS);
    expect(
      at.every((p) => p >= 0),
      `all of ${ANSWER_CHECKS.join(', ')}`,
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('exit status 5 is "not an answer to the pending request" everywhere, with every code', async () => {
    let help = '';
    await runCli(['--help'], { stdout: (t) => (help += t), stderr: () => undefined, env: {} });
    const readmeRow =
      /^\| 5 \| (.*) \|$/m.exec(DOCS['packages/license-client/README.md'])?.[1] ?? '';
    const usage = /\n {2}5 +([\s\S]*?)\n {2}64/.exec(help)?.[1] ?? '';
    const api = DOCS['docs/license-api.md'];
    const apiSummary = api.slice(api.indexOf("The Node client's names for the refusals"));
    for (const [where, wrapped] of [
      ['README exit 5', readmeRow],
      ['--help exit 5', usage],
      ["license-api.md's refusal names", apiSummary.slice(0, apiSummary.indexOf('\n\n'))],
    ] as const) {
      const text = wrapped.replace(/\s+/g, ' ');
      expect(text, where).toMatch(/not an answer to this booth's pending request/);
      // NOT_AN_ANSWER never verifies: exit 5 is not "the answer verifies but is refused".
      expect(text, where).not.toMatch(/verifies/);
      for (const code of ANSWER_REFUSED) expect(text, `${where}: ${code}`).toContain(code);
    }
  });

  it("the account area's example answer: the lease ends at min(licence end, issue + allowance)", () => {
    const text = DOCS['docs/license-api.md'];
    const section = text.slice(text.indexOf("## Offline activation: the account area's call"));
    const [, requestText] = /"request": "(lboa1-req\.[^"]+)"/.exec(section) ?? [];
    const request = parseOfflineActivationRequest(requestText!);
    if (!request.ok) throw new Error(request.problem);
    const [, key] = /that request is for the key `([^`]+)`/.exec(section) ?? [];
    expect(keyFingerprint(key!)).toBe(request.request.kf);
    const [, json] = /Answered\s+\*\*200\*\*:\s+```json\n([\s\S]*?)\n```/.exec(section) ?? [];
    const answer = JSON.parse(json!) as {
      license: { type: 'month'; key_suffix: string; starts_at: string; expires_at: string };
      device_id: string;
      lease_expires_at: string;
      request_expires_at: string;
    };
    expect(answer.license.key_suffix).toBe(key!.split('-').at(-1));
    expect(answer.device_id).toBe(request.request.dev);
    expect(Date.parse(answer.request_expires_at)).toBe(request.request.exp * 1000);
    // Issued between the request's iat and its expiry: the lease's end follows from that.
    const leaseEnd = Date.parse(answer.lease_expires_at);
    const allowance = DEFAULT_OFFLINE_ALLOWANCE_HOURS[answer.license.type] * 3_600_000;
    const licenseEnd = Date.parse(answer.license.expires_at);
    expect(leaseEnd).toBeLessThanOrEqual(licenseEnd);
    expect(leaseEnd).toBeLessThanOrEqual(request.request.exp * 1000 + allowance);
    expect(leaseEnd).toBeGreaterThanOrEqual(
      Math.min(licenseEnd, request.request.iat * 1000 + allowance),
    );
    expect(Date.parse(answer.license.starts_at)).toBeLessThanOrEqual(request.request.iat * 1000);
  });
});
