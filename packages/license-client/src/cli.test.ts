import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './cli';
import { LicenseServerDouble } from './test/license-server-double';

let server: LicenseServerDouble;
let dir: string;

beforeEach(async () => {
  server = await LicenseServerDouble.start();
  dir = await mkdtemp(path.join(os.tmpdir(), 'lbs-cli-'));
});

afterEach(async () => {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

async function cli(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli([...args, '--state-dir', dir], {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    env: { LENTIBOOTH_SERVER: server.url },
  });
  return { code, stdout, stderr, json: () => JSON.parse(stdout) as Record<string, unknown> };
}

describe('the CLI after the pass ended (issue 37)', () => {
  it('status inside the clock tolerance after the end says "ended", not "offline until" a past time', async () => {
    const end = Date.now() + 5 * 60_000;
    const license = server.addLicense({ type: 'day', expires_at: new Date(end).toISOString() });
    expect((await cli('activate', '--key', license.key)).code).toBe(0);
    await server.stop();
    // The server's time as this booth measures it, 15 minutes on: the pass ended 10 minutes ago.
    await writeFile(
      path.join(dir, 'server-clock.json'),
      JSON.stringify({ offset_ms: 15 * 60_000, measured_at: new Date().toISOString(), source: 'date-header' }),
    );
    const status = await cli('status');
    expect(status.code).toBe(0);
    const endedAt = new Date(Math.floor(end / 1000) * 1000).toISOString();
    expect(status.stdout).toContain(`ended: ${endedAt}`);
    expect(status.stdout).not.toMatch(/offline until/);
    expect((await cli('status', '--json')).json()).toMatchObject({ status: 'offline-grace', endedAt });
  });
});

describe('validate shows the licence a refusal carries (issue 37)', () => {
  it('an unused Daily pass: NOT_ACTIVATED with its activate_by, from a fresh booth and from its own after a renewal', async () => {
    const activateBy = new Date(Date.now() + 365 * 86_400_000).toISOString();
    const license = server.addLicense({ type: 'day', activate_by: activateBy, expires_at: activateBy });
    const fresh = await cli('validate', '--key', license.key);
    expect(fresh.code).toBe(1);
    expect(fresh.stdout).toContain('status: denied (NOT_ACTIVATED)');
    expect(fresh.stdout).toContain(`activate by: ${activateBy}`);

    license.activate_by = null;
    license.expires_at = new Date(Date.now() + 86_400_000).toISOString();
    expect((await cli('activate', '--key', license.key)).code).toBe(0);
    // Ended, renewed after its end: unused again, with a new activate_by.
    const renewedBy = new Date(Date.now() + 300 * 86_400_000).toISOString();
    Object.assign(license, { device_id: null, activate_by: renewedBy, expires_at: renewedBy });
    const again = await cli('validate', '--json');
    expect(again.code).toBe(1);
    expect(again.json()).toMatchObject({ code: 'NOT_ACTIVATED', license: { activate_by: renewedBy, expires_at: renewedBy } });
  });
});

describe('send-usage names what it drops (issue 37)', () => {
  it('an event outside the term is dropped, named by its id and time', async () => {
    const license = server.addLicense({ type: 'year' });
    expect((await cli('activate', '--key', license.key)).code).toBe(0);
    const before = new Date(Date.parse(license.starts_at) - 3600_000).toISOString();
    const sent = await cli('send-usage', '--kind', 'success', '--file-type', 'jpg', '--timestamp', before);
    expect(sent.code).toBe(1);
    const [event] = server.usageBatches.flat();
    expect(sent.stdout).toContain('dropped 1: OUTSIDE_TERM');
    expect(sent.stdout).toContain(`  ${event!.event_id} at ${event!.timestamp}`);
  });
});

describe('the CLI', () => {
  it('activate, status, validate, send-usage, deactivate', async () => {
    const license = server.addLicense({ type: 'year' });

    const activate = await cli('activate', '--key', license.key, '--json');
    expect(activate.code).toBe(0);
    expect(activate.json()).toMatchObject({
      status: 'valid',
      code: 'VALID',
      license: { id: license.id },
    });
    expect(license.device_id).toBe(activate.json().device_id);
    expect(activate.json().device_id).toMatch(/^lb-[0-9a-f]{32}$/);

    await server.stop();
    const status = await cli('status');
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(/^status: offline-grace \(LEASE_VALID\)/);
    expect(status.stdout).toMatch(/offline until: \d{4}-/);
    const offline = await cli('validate', '--json');
    expect(offline).toMatchObject({ code: 0 });
    expect(offline.json()).toMatchObject({ status: 'offline-grace', code: 'OFFLINE' });

    const queued = await cli(
      'send-usage',
      '--kind',
      'success',
      '--file-type',
      'jpg',
      '--filename',
      'a.jpg',
      '--processing-time',
      '2.5',
      '--attempts',
      '1',
      '--json',
    );
    expect(queued.code).toBe(2);
    expect(queued.json()).toMatchObject({ status: 'offline', queued: 1, remaining: 1 });

    await server.listen();
    const file = path.join(dir, 'events.json');
    await writeFile(
      file,
      JSON.stringify([
        { kind: 'error', file_type: 'png', error_message: 'boom' },
        { kind: 'success', file_type: 'tiff' },
      ]),
    );
    const sent = await cli('send-usage', '--events', file, '--json');
    expect(sent.code).toBe(0);
    expect(sent.json()).toMatchObject({ status: 'sent', queued: 2, sent: 3, remaining: 0 });
    expect(server.usageBatches.flat()).toHaveLength(3);

    const deactivate = await cli('deactivate');
    expect(deactivate.code).toBe(0);
    expect(deactivate.stdout).toMatch(/^deactivated/);
    expect(license.device_id).toBeNull();
    expect((await cli('status')).code).toBe(2);
  });

  it('exits 1 on a refusal, 64 on bad usage', async () => {
    const license = server.addLicense();
    expect((await cli('activate', '--key', license.key)).code).toBe(0);
    license.revoked = true;
    const denied = await cli('validate');
    expect(denied.code).toBe(1);
    expect(denied.stdout).toMatch(/status: denied \(REVOKED\)/);

    expect((await cli('activate')).code).toBe(64);
    expect((await cli('launch')).code).toBe(64);
    expect((await cli('status', '--bogus')).code).toBe(64);
    const badEvent = await cli('send-usage', '--kind', 'finished', '--file-type', 'jpg');
    expect(badEvent.code).toBe(64);
    expect(badEvent.stderr).toMatch(/kind must be one of success, error/);
    expect((await cli('--help')).stdout).toMatch(/^Usage: lentibooth-license/);
  });

  it('a second PC refused DEVICE_LIMIT_REACHED is told how to free the seat, not to validate again later', async () => {
    const license = server.addLicense();
    license.device_id = 'booth-elsewhere';
    const refused = await cli('activate', '--key', license.key);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/status: denied \(DEVICE_LIMIT_REACHED\)/);
    expect(refused.stdout).toMatch(/free its seat \(deactivate it on the other PC, or reset its device in the account\)/);
    expect(refused.stdout).not.toMatch(/validate again later/);
  });

  it('send-usage: a report the server refuses whole exits 1 with its code and keeps the events', async () => {
    const license = server.addLicense();
    expect((await cli('activate', '--key', license.key)).code).toBe(0);
    license.device_id = 'booth-elsewhere';
    const refused = await cli('send-usage', '--kind', 'success', '--file-type', 'jpg');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/usage: refused, 1 queued, 0 sent .*1 waiting/);
    expect(refused.stdout).toMatch(/DEVICE_MISMATCH: /);
  });

  it('runs as a program through its bin with plain node', async () => {
    const license = server.addLicense();
    const bin = fileURLToPath(new URL('../bin/lentibooth-license.mjs', import.meta.url));
    const run = (...args: string[]) =>
      new Promise<{ code: number; stdout: string }>((resolve) => {
        execFile(
          process.execPath,
          [
            bin,
            ...args,
            '--server',
            server.url,
            '--state-dir',
            dir,
            '--device',
            'booth-7',
            '--json',
          ],
          (error, stdout) => {
            resolve({ code: error ? Number(error.code) : 0, stdout });
          },
        );
      });
    const activate = await run('activate', '--key', license.key);
    expect(activate.code).toBe(0);
    expect(JSON.parse(activate.stdout)).toMatchObject({ status: 'valid', device_id: 'booth-7' });
    const status = await run('status');
    expect(JSON.parse(status.stdout)).toMatchObject({ status: 'offline-grace', usage_queued: 0 });
    expect(license.device_id).toBe('booth-7');
  }, 30_000);
});
