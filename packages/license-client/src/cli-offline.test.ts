import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatLicenseKey } from '@lbs/domain/license-terms';
import { parseOfflineActivationRequest } from '@lbs/domain/offline-activation';
import { runCli } from './cli';
import {
  LicenseServerDouble,
  makeSigningKey,
  type DoubleLicense,
  type SigningKey,
} from './test/license-server-double';

let server: LicenseServerDouble;
let dir: string;

beforeEach(async () => {
  server = await LicenseServerDouble.start();
  dir = await mkdtemp(path.join(os.tmpdir(), 'lbs-cli-offline-'));
});

afterEach(async () => {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

async function cli(args: string[], options: { stdin?: string; tty?: boolean } = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli([...args, '--state-dir', path.join(dir, 'state')], {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    env: { LENTIBOOTH_SERVER: server.url },
    stdin: async () => options.stdin ?? '',
    stdoutIsTty: options.tty ?? false,
  });
  return { code, stdout, stderr, json: () => JSON.parse(stdout) as Record<string, unknown> };
}

/** The shop's answer to a request text: a lease bound to its nonce and key fingerprint. */
async function answerTo(
  license: DoubleLicense,
  requestText: string,
  key: SigningKey = server.key,
  times: { iat?: number; exp?: number } = {},
) {
  const parsed = parseOfflineActivationRequest(requestText);
  if (!parsed.ok) throw new Error(parsed.problem);
  const iat = times.iat ?? Math.floor(Date.now() / 1000);
  const lease = await new SignJWT({
    typ: license.type,
    dev: parsed.request.dev,
    lic_exp: Math.floor(Date.parse(license.expires_at!) / 1000),
    nonce: parsed.request.n,
    kfp: parsed.request.kf,
  })
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: 'lease+jwt' })
    .setIssuer(server.url)
    .setSubject(String(license.id))
    .setIssuedAt(iat)
    .setNotBefore(Math.floor(Date.parse(license.starts_at) / 1000))
    .setExpirationTime(times.exp ?? iat + 7 * 86_400)
    .sign(key.privateKey);
  return `lboa1-ans.${lease}`;
}

/**
 * Reads the QR code drawn in block characters back into pixels (each character is two modules,
 * top and bottom; a block is a dark module) and decodes it, as a phone pointed at the screen would.
 */
function decodeBlockQr(output: string): string | null {
  const lines = output
    // eslint-disable-next-line no-control-regex -- the terminal's colour codes are the point
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .filter((line) => /^[ ▀▄█]+$/.test(line) && /[▀▄█]/.test(line));
  const width = Math.max(...lines.map((l) => [...l].length)) + 8;
  const height = lines.length * 2 + 8;
  const scale = 4;
  const pixels = new Uint8ClampedArray(width * scale * height * scale * 4).fill(255);
  const dark = (x: number, y: number) => {
    for (let dy = 0; dy < scale; dy += 1)
      for (let dx = 0; dx < scale; dx += 1) {
        const i = ((y * scale + dy) * width * scale + (x * scale + dx)) * 4;
        pixels[i] = pixels[i + 1] = pixels[i + 2] = 0;
      }
  };
  lines.forEach((line, row) =>
    [...line].forEach((char, col) => {
      if (char === '█' || char === '▀') dark(col + 4, row * 2 + 4);
      if (char === '█' || char === '▄') dark(col + 4, row * 2 + 5);
    }),
  );
  return jsQR(pixels, width * scale, height * scale)?.data ?? null;
}

/** The program's pinned keys, as a build step would write them from GET /api/licenses/jwks.json. */
async function pinnedKeysFile(): Promise<string> {
  const file = path.join(dir, 'jwks.json');
  await writeFile(file, JSON.stringify({ keys: [server.key.publicJwk] }));
  return file;
}

describe('offline-request and offline-accept', () => {
  it('round trip with --json: request, answer from a file, replay and forgery refused with their exit codes', async () => {
    const license = server.addLicense({ key: formatLicenseKey(randomBytes(20)), type: 'month' });
    const jwks = await pinnedKeysFile();
    const request = await cli([
      'offline-request',
      '--key',
      license.key.toLowerCase(),
      '--device',
      'booth-7',
      '--device-name',
      'Booth 7',
      '--app-version',
      '3.2.0',
      '--json',
    ]);
    expect(request.code).toBe(0);
    const r = request.json();
    expect(r).toMatchObject({
      device_id: 'booth-7',
      device_name: 'Booth 7',
      app_version: '3.2.0',
      server: server.url,
    });
    const text = r.text as string;
    expect(Date.parse(r.expires_at as string) - Date.parse(r.issued_at as string)).toBe(86_400_000);
    expect(parseOfflineActivationRequest(text)).toMatchObject({
      ok: true,
      request: { dev: 'booth-7', dn: 'Booth 7', n: r.nonce },
    });

    const answer = await answerTo(license, text);
    const answerFile = path.join(dir, 'answer.txt');
    await writeFile(answerFile, `${answer}\n`);
    license.device_id = 'booth-7';

    const accept = await cli([
      'offline-accept',
      '--answer-file',
      answerFile,
      '--device',
      'booth-7',
      '--jwks',
      jwks,
      '--json',
    ]);
    expect(accept.code).toBe(0);
    expect(accept.json()).toMatchObject({
      status: 'offline-grace',
      code: 'LEASE_VALID',
      device_id: 'booth-7',
      license: { id: String(license.id) },
    });
    expect(server.requests).toEqual([]);

    const replay = await cli([
      'offline-accept',
      '--answer',
      answer,
      '--device',
      'booth-7',
      '--jwks',
      jwks,
      '--json',
    ]);
    expect(replay.code).toBe(5);
    expect(replay.json()).toMatchObject({ status: 'answer-refused', code: 'NO_PENDING_REQUEST' });

    const status = await cli(['status', '--device', 'booth-7', '--jwks', jwks]);
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^status: offline-grace \(LEASE_VALID\)/);
    // Online again, the server has the device bound: validate works as after an online activation.
    const validate = await cli(['validate', '--device', 'booth-7', '--jwks', jwks, '--json']);
    expect(validate.code).toBe(0);
    expect(validate.json()).toMatchObject({ status: 'valid', code: 'VALID' });

    // A new request; an answer signed by a key the program does not pin.
    const second = await cli([
      'offline-request',
      '--key',
      license.key,
      '--device',
      'booth-7',
      '--json',
    ]);
    const forged = await answerTo(
      license,
      second.json().text as string,
      await makeSigningKey('attacker'),
    );
    const refused = await cli([
      'offline-accept',
      '--answer',
      forged,
      '--device',
      'booth-7',
      '--jwks',
      jwks,
      '--json',
    ]);
    expect(refused.code).toBe(4);
    expect(refused.json()).toMatchObject({ status: 'lease-rejected', code: 'UNKNOWN_KEY' });
  });

  it('an answer whose lease has already ended: exit 5 OFFLINE_ANSWER_EXPIRED, nothing stored', async () => {
    const license = server.addLicense({
      key: formatLicenseKey(randomBytes(20)),
      type: 'month',
      starts_at: new Date(Date.now() - 10 * 86_400_000).toISOString(),
    });
    const jwks = await pinnedKeysFile();
    const request = await cli([
      'offline-request',
      '--key',
      license.key,
      '--device',
      'booth-7',
      '--json',
    ]);
    const now = Math.floor(Date.now() / 1000);
    // Issued 4 hours ago with a 2-hour lease: over an hour past its end (the clock tolerance).
    const answer = await answerTo(license, request.json().text as string, server.key, {
      iat: now - 4 * 3600,
      exp: now - 2 * 3600,
    });
    const accept = await cli([
      'offline-accept',
      '--answer',
      answer,
      '--device',
      'booth-7',
      '--jwks',
      jwks,
    ]);
    expect(accept.code).toBe(5);
    expect(accept.stdout).toMatch(
      /^status: answer-refused \(OFFLINE_ANSWER_EXPIRED\)\nthe answer's lease ended at /,
    );
    const status = await cli(['status', '--device', 'booth-7', '--jwks', jwks, '--json']);
    expect(status.code).toBe(2);
    expect(status.json()).toMatchObject({ status: 'not-activated', code: 'NO_LICENSE' });
    // Still pending: the answer to a new submission of the same request is taken.
    const fresh = await answerTo(license, request.json().text as string);
    expect(
      (await cli(['offline-accept', '--answer', fresh, '--device', 'booth-7', '--jwks', jwks]))
        .code,
    ).toBe(0);
  });

  it('--jwks given once is remembered in the state folder (a booth never online); --forget-jwks drops it', async () => {
    const license = server.addLicense({ key: formatLicenseKey(randomBytes(20)) });
    const jwks = await pinnedKeysFile();
    const request = await cli(['offline-request', '--key', license.key, '--device', 'booth-7', '--jwks', jwks, '--json']);
    expect(request.code).toBe(0);
    const answer = await answerTo(license, request.json().text as string);
    // The file is gone (a USB stick taken away): the keys were kept in the state folder.
    await rm(jwks);
    const accept = await cli(['offline-accept', '--answer', answer, '--device', 'booth-7']);
    expect(accept.code, accept.stdout).toBe(0);
    expect(await cli(['status', '--device', 'booth-7'])).toMatchObject({ code: 0 });
    expect(JSON.parse(await readFile(path.join(dir, 'state', 'pinned-jwks.json'), 'utf8'))).toMatchObject({
      keys: [{ kid: server.key.kid }],
    });
    expect(server.requests).toEqual([]);

    const forgotten = await cli(['status', '--device', 'booth-7', '--forget-jwks', '--json']);
    expect(forgotten.code).toBe(2);
    expect(forgotten.json()).toMatchObject({ status: 'needs-online', code: 'LEASE_INVALID' });
  });

  it('with no key held (nothing pinned, never online) says how to get the keys: exit 4', async () => {
    const license = server.addLicense({ key: formatLicenseKey(randomBytes(20)) });
    const request = await cli([
      'offline-request',
      '--key',
      license.key,
      '--device',
      'booth-7',
      '--json',
    ]);
    const answer = await answerTo(license, request.json().text as string);
    const accept = await cli(['offline-accept', '--answer', answer, '--device', 'booth-7']);
    expect(accept.code).toBe(4);
    expect(accept.stdout).toContain('status: lease-rejected (LEASE_INVALID)');
    expect(accept.stdout).toContain('no public key to check the lease with');
    expect(accept.stdout).toContain("pin the server's keys (the CLI's --jwks FILE");
    expect(accept.stdout).toContain('validate online once');
    expect(server.requests).toEqual([]);
  });

  it('offline-request warns when the booth holds another key; offline-accept says it replaced it', async () => {
    const first = server.addLicense({ key: formatLicenseKey(randomBytes(20)), type: 'month' });
    const second = server.addLicense({ key: formatLicenseKey(randomBytes(20)), type: 'year' });
    const jwks = await pinnedKeysFile();
    const base = ['--device', 'booth-7', '--jwks', jwks];
    const one = await cli(['offline-request', '--key', first.key, ...base, '--json']);
    expect(one.json()).toMatchObject({ replaces_license: null });
    const firstAnswer = await answerTo(first, one.json().text as string);
    expect((await cli(['offline-accept', '--answer', firstAnswer, ...base])).code).toBe(0);
    // The same key again replaces nothing.
    const again = await cli(['offline-request', '--key', first.key, ...base]);
    expect(again.stdout).not.toContain('warning');

    const lastGroup = first.key.split('-').at(-1)!;
    const human = await cli(['offline-request', '--key', second.key, ...base]);
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(
      new RegExp(
        `^warning: this replaces the licence of key …-${lastGroup} \\(month\\) on this booth; that key's seat stays bound to this booth on the server until it is deactivated online or reset by its owner in the account area\n`,
      ),
    );
    const two = await cli(['offline-request', '--key', second.key, ...base, '--json']);
    expect(two.json()).toMatchObject({
      replaces_license: {
        key_last_group: lastGroup,
        license_id: String(first.id),
        type: 'month',
        warning: expect.stringContaining(`…-${lastGroup}`),
      },
    });
    const accept = await cli([
      'offline-accept',
      '--answer',
      await answerTo(second, two.json().text as string),
      ...base,
      '--json',
    ]);
    expect(accept.code).toBe(0);
    expect(accept.json()).toMatchObject({
      status: 'offline-grace',
      license: { id: String(second.id) },
    });
    expect(accept.json().message).toContain(`replaces the licence of key …-${lastGroup}`);
  });

  it('reads the answer from standard input and takes the server from the pending request', async () => {
    const license = server.addLicense({ key: formatLicenseKey(randomBytes(20)) });
    const jwks = await pinnedKeysFile();
    const request = await cli([
      'offline-request',
      '--key',
      license.key,
      '--device',
      'booth-8',
      '--json',
    ]);
    const answer = await answerTo(license, request.json().text as string);
    let stdout = '';
    const code = await runCli(
      [
        'offline-accept',
        '--answer',
        '-',
        '--device',
        'booth-8',
        '--jwks',
        jwks,
        '--state-dir',
        path.join(dir, 'state'),
      ],
      // No server named anywhere: the lease's issuer is checked against the request's server.
      {
        stdout: (t) => (stdout += t),
        stderr: () => undefined,
        env: {},
        stdin: async () => `  ${answer}\n`,
      },
    );
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^status: offline-grace \(LEASE_VALID\)\nactivated offline; usable offline until /,
    );
    expect(stdout).toContain('device: booth-8');
  });

  it('prints the text, a QR code of it, the expiry and the device; --qr-file writes PNG and SVG', async () => {
    const license = server.addLicense({ key: formatLicenseKey(randomBytes(20)) });
    const png = path.join(dir, 'request.png');
    const human = await cli([
      'offline-request',
      '--key',
      license.key,
      '--device',
      'booth-9',
      '--device-name',
      'Booth 9',
      '--qr-file',
      png,
    ]);
    expect(human.code).toBe(0);
    const text = /^(lboa1-req\.\S+)$/m.exec(human.stdout)?.[1];
    expect(text).toBeDefined();
    expect(parseOfflineActivationRequest(text!).ok).toBe(true);
    // The code drawn in the terminal reads as the text, piped and in a terminal (black on white).
    expect(decodeBlockQr(human.stdout)).toBe(text);
    expect(human.stdout).toMatch(/^expires: \d{4}-\d\d-\d\dT/m);
    expect(human.stdout).toContain('device: booth-9 (Booth 9)');
    expect(human.stdout).toContain(`qr code: ${png}`);
    // The image decodes to the very text (what the account area's scanner reads).
    const image = PNG.sync.read(await readFile(png));
    expect(jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data).toBe(text);

    const tty = await cli(['offline-request', '--key', license.key, '--device', 'booth-9'], {
      tty: true,
    });
    // Black on white in a terminal, whatever its colours.
    expect(tty.stdout).toContain('\u001b[47m\u001b[30m');
    expect(decodeBlockQr(tty.stdout)).toMatch(/^lboa1-req\./);

    const svg = path.join(dir, 'request.svg');
    expect(
      (
        await cli([
          'offline-request',
          '--key',
          license.key,
          '--device',
          'booth-9',
          '--qr-file',
          svg,
        ])
      ).code,
    ).toBe(0);
    expect(await readFile(svg, 'utf8')).toMatch(
      /<svg [^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"[^]*<\/svg>/,
    );
  });

  it('bad usage: no key, no answer or two, a QR file of another type', async () => {
    expect((await cli(['offline-request'])).code).toBe(64);
    expect((await cli(['offline-request', '--key', 'K', '--qr-file', 'x.jpg'])).code).toBe(64);
    expect((await cli(['offline-accept'])).code).toBe(64);
    expect((await cli(['offline-accept', '--answer', 'a', '--answer-file', 'b'])).code).toBe(64);
    // Exit 5 covers texts that never verify (NOT_AN_ANSWER): the help does not say "verifies".
    const help = (await cli(['--help'])).stdout;
    const exit5 = /\n {2}5 +([\s\S]*?)\n {2}64/.exec(help)?.[1] ?? '';
    expect(exit5).toMatch(
      /^offline-accept: the text is not an answer to this booth's pending request/,
    );
    expect(exit5).not.toMatch(/verifies/);
    for (const code of [
      'NO_PENDING_REQUEST',
      'OFFLINE_REQUEST_EXPIRED',
      'OFFLINE_ANSWER_MISMATCH',
      'NOT_AN_ANSWER',
      'OFFLINE_ANSWER_EXPIRED',
    ])
      expect(exit5).toContain(code);
    const garbage = await cli(['offline-accept', '--answer', 'nonsense', '--json']);
    expect(garbage.code).toBe(5);
    expect(garbage.json()).toMatchObject({ status: 'answer-refused', code: 'NOT_AN_ANSWER' });
  });
});
