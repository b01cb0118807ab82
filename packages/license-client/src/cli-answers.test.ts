import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './cli';
import { LicenseServerDouble, makeSigningKey } from './test/license-server-double';

let server: LicenseServerDouble;
let dir: string;

beforeEach(async () => {
  server = await LicenseServerDouble.start();
  dir = await mkdtemp(path.join(os.tmpdir(), 'lbs-cli-answers-'));
});

afterEach(async () => {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

/** Runs the CLI on the test's state folder; `env` replaces the environment (no server by default). */
async function cli(args: string[], env: NodeJS.ProcessEnv = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runCli([...args, '--state-dir', dir], {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    env,
  });
  return { code, stdout, stderr, json: () => JSON.parse(stdout) as Record<string, unknown> };
}

describe('the CLI says what the server meant', () => {
  it('deactivate at the DEACTIVATION_LIMIT: refused (1), the seat and the licence stay, retry after', async () => {
    const license = server.addLicense({ deactivations: 3 });
    expect((await cli(['activate', '--key', license.key, '--server', server.url])).code).toBe(0);
    const r = await cli(['deactivate', '--server', server.url]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^limit-reached \(DEACTIVATION_LIMIT\)/);
    expect(r.stdout).toMatch(/retry after: 86400 s/);
    expect(license.device_id).not.toBeNull();
    expect((await cli(['status', '--server', server.url])).code).toBe(0);
  });

  it('a lease signed by a kid the pinned keys do not list: 4, UNKNOWN_KEY, not offline', async () => {
    const pinned = await makeSigningKey();
    const jwks = path.join(dir, 'pinned.json');
    await writeFile(jwks, JSON.stringify({ keys: [pinned.publicJwk] }));
    const license = server.addLicense();
    const r = await cli(['activate', '--key', license.key, '--server', server.url, '--jwks', jwks]);
    expect(r.code).toBe(4);
    expect(r.stdout).toMatch(/^status: lease-rejected \(UNKNOWN_KEY\)/);
    expect(r.stdout).toMatch(/signed by a key this client does not know/);
  });

  it('a licence that starts later: 3, with the start', async () => {
    const startsAt = new Date(Date.now() + 86_400_000).toISOString();
    const license = server.addLicense({ starts_at: startsAt });
    const r = await cli(['activate', '--key', license.key, '--server', server.url]);
    expect(r.code).toBe(3);
    expect(r.stdout).toMatch(/^status: not-yet-valid \(NOT_YET_VALID\)/);
    expect(r.stdout).toContain(`starts at: ${startsAt}`);
  });

  it('SUSPENDED: refused (1), the key kept', async () => {
    const license = server.addLicense();
    expect((await cli(['activate', '--key', license.key, '--server', server.url])).code).toBe(0);
    license.suspended = true;
    const r = await cli(['validate', '--server', server.url]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/status: denied \(SUSPENDED\)/);
    expect(r.stdout).toMatch(/the key is kept/);
  });

  it('status and validate use the server saved in license.json when none is given', async () => {
    const license = server.addLicense();
    expect((await cli(['activate', '--key', license.key, '--server', server.url])).code).toBe(0);
    const status = await cli(['status', '--json']);
    expect(status.code).toBe(0);
    expect(status.json()).toMatchObject({ status: 'offline-grace', code: 'LEASE_VALID' });
    const validate = await cli(['validate', '--json']);
    expect(validate.json()).toMatchObject({ status: 'valid', code: 'VALID' });
    // --server and LENTIBOOTH_SERVER still win
    const told = await cli(['status', '--json'], { LENTIBOOTH_SERVER: 'http://127.0.0.1:9' });
    expect(told.json()).toMatchObject({ status: 'needs-online' });
  });
});
