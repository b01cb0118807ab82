import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deviceIdProblem } from './device-id';
import { LicenseClient, type LicenseClientOptions } from './license-client';
import { LicenseServerDouble } from './test/license-server-double';

let server: LicenseServerDouble;
let dir: string;

beforeEach(async () => {
  server = await LicenseServerDouble.start();
  dir = await mkdtemp(path.join(os.tmpdir(), 'lbs-device-id-'));
});

afterEach(async () => {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

const BOOTH = { hostname: 'BOOTH-MARINA-BAY', platform: 'win32', arch: 'x64' };
const RENAMED = { ...BOOTH, hostname: 'DESKTOP-7Q2K1LM' };

function client(options: Partial<LicenseClientOptions> = {}) {
  return new LicenseClient({ serverUrl: server.url, stateDir: dir, timeoutMs: 2000, ...options });
}

/** The id the client before device.json derived on every start (host name, OS, arch, install id). */
function todaysDerivation(facts: typeof BOOTH, installId: string): string {
  const digest = createHash('sha256')
    .update([facts.hostname.toLowerCase(), facts.platform, facts.arch, installId].join('\n'))
    .digest('hex');
  return `lb-${digest.slice(0, 32)}`;
}

async function readState(name: string): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(path.join(dir, name), 'utf8')) as Record<string, unknown>;
}

describe('the device id', () => {
  it("an install made by today's client keeps the id it activated with, after the upgrade and after a rename", async () => {
    // The state folder as today's client left it: install.json, and license.json (with its lease,
    // the cached keys and clock.json) activated under the id derived from the host name.
    const installId = randomUUID();
    await writeFile(path.join(dir, 'install.json'), JSON.stringify({ install_id: installId }));
    const legacyId = todaysDerivation(BOOTH, installId);
    const license = server.addLicense({ type: 'year' });
    expect(
      await client({ deviceId: legacyId }).activate(license.key, { deviceName: 'Booth' }),
    ).toMatchObject({ status: 'valid' });
    expect(license.device_id).toBe(legacyId);

    // The upgrade, on the same PC: the stored licence's id is adopted and kept.
    const upgraded = client({ machine: BOOTH });
    expect(await upgraded.deviceId()).toBe(legacyId);
    expect(await upgraded.validate()).toMatchObject({ status: 'valid', code: 'VALID' });
    expect(await readState('device.json')).toMatchObject({
      device_id: legacyId,
      source: 'license',
    });

    // The PC renamed: today's derivation would give another id (DEVICE_MISMATCH); the stored one
    // goes on, online and offline.
    expect(todaysDerivation(RENAMED, installId)).not.toBe(legacyId);
    const renamed = client({ machine: RENAMED });
    expect(await renamed.deviceId()).toBe(legacyId);
    expect(await renamed.validate()).toMatchObject({ status: 'valid', code: 'VALID' });
    await server.stop();
    expect(await client({ machine: RENAMED }).status()).toMatchObject({
      status: 'offline-grace',
      usable: true,
    });
  });

  it('a new install makes its id once and keeps it through a rename, an OS update and a new network card', async () => {
    const first = client({ machine: BOOTH });
    const id = await first.deviceId();
    expect(id).toMatch(/^lb-[0-9a-f]{32}$/);
    expect(await readState('device.json')).toMatchObject({ device_id: id, source: 'derived' });
    const license = server.addLicense();
    expect(await first.activate(license.key)).toMatchObject({ status: 'valid' });

    for (const machine of [RENAMED, { ...RENAMED, platform: 'win32', arch: 'arm64' }]) {
      const later = client({ machine });
      expect(await later.deviceId()).toBe(id);
      expect(await later.validate()).toMatchObject({ status: 'valid' });
    }
  });

  it('two processes starting at once agree on one id', async () => {
    const ids = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        client({ machine: { ...BOOTH, hostname: `host-${i}` } }).deviceId(),
      ),
    );
    expect(new Set(ids).size).toBe(1);
    expect(await readState('device.json')).toMatchObject({ device_id: ids[0] });
  });

  it('a new state folder (a new disk, a wiped install) is a new device', async () => {
    const id = await client({ machine: BOOTH }).deviceId();
    const other = await mkdtemp(path.join(os.tmpdir(), 'lbs-device-id-'));
    try {
      expect(
        await new LicenseClient({
          serverUrl: server.url,
          stateDir: other,
          machine: BOOTH,
        }).deviceId(),
      ).not.toBe(id);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it.each([
    ['surrounding spaces', ' booth-1 ', 'must not start or end with spaces'],
    ['a control character', 'booth\n1', 'must not contain control characters'],
    ['a C1 control character', 'booth\u00851', 'must not contain control characters'],
    ['nothing', '', 'must be 1-200 characters'],
    ['201 characters', 'x'.repeat(201), 'must be 1-200 characters'],
  ])('an id given with %s is refused, not trimmed into another id', (_name, id, problem) => {
    expect(deviceIdProblem(id)).toBe(problem);
    expect(() => client({ deviceId: id })).toThrow(problem);
  });

  it('a damaged device.json is replaced by the id the stored licence holds', async () => {
    const license = server.addLicense();
    const c = client({ machine: BOOTH });
    expect(await c.activate(license.key)).toMatchObject({ status: 'valid' });
    const id = await c.deviceId();
    await writeFile(path.join(dir, 'device.json'), '{"device_id": " spaced "');
    expect(await client({ machine: RENAMED }).deviceId()).toBe(id);
  });
});
