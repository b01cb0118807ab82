import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { LicenseClient, type LicenseClientOptions } from '../license-client';
import { LicenseServerDouble } from './license-server-double';

/** The device id the client tests run as. */
export const TEST_DEVICE = 'booth-device-1';

export interface LicenseClientFixture {
  /** A fresh licence server double per test. */
  readonly server: LicenseServerDouble;
  /** A fresh state directory per test. */
  readonly dir: string;
  /** A client of that server in that directory, as `TEST_DEVICE`, with `options` on top. */
  client(options?: Partial<LicenseClientOptions>): LicenseClient;
}

/**
 * Registers, in the calling test file, a licence server double and an empty state directory for
 * each test, removed after it; the answer reads the current test's.
 */
export function licenseClientFixture(prefix: string): LicenseClientFixture {
  let server: LicenseServerDouble | null = null;
  let dir: string | null = null;
  beforeEach(async () => {
    server = await LicenseServerDouble.start();
    dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  });
  afterEach(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
    server = null;
    dir = null;
  });
  const current = <T>(value: T | null, what: string): T => {
    if (value === null) throw new Error(`${what} exists only inside a test`);
    return value;
  };
  return {
    get server() {
      return current(server, 'the server double');
    },
    get dir() {
      return current(dir, 'the state directory');
    },
    client(options = {}) {
      return new LicenseClient({
        serverUrl: current(server, 'the server double').url,
        stateDir: current(dir, 'the state directory'),
        deviceId: TEST_DEVICE,
        timeoutMs: 2000,
        ...options,
      });
    },
  };
}
