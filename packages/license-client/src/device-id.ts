import { createHash, randomUUID } from 'node:crypto';
import os from 'node:os';
import { isRecord } from './server-call';
import type { StateStore } from './state-store';

const INSTALL_FILE = 'install.json';

export interface MachineFacts {
  hostname: string;
  platform: string;
  arch: string;
}

export function machineFacts(): MachineFacts {
  return { hostname: os.hostname(), platform: process.platform, arch: process.arch };
}

/**
 * This machine's device id: a hash of its host name, operating system and a random install id
 * kept in the state directory. Stable across runs; a copy of the state directory on another
 * machine (another host name) gives another id, so a copied lease does not verify there.
 */
export async function deriveDeviceId(
  store: StateStore,
  facts: MachineFacts = machineFacts(),
): Promise<string> {
  const installId = await readInstallId(store);
  const digest = createHash('sha256')
    .update([facts.hostname.toLowerCase(), facts.platform, facts.arch, installId].join('\n'))
    .digest('hex');
  return `lb-${digest.slice(0, 32)}`;
}

async function readInstallId(store: StateStore): Promise<string> {
  const valid = (value: unknown): string | null =>
    isRecord(value) && typeof value.install_id === 'string' && value.install_id
      ? value.install_id
      : null;
  const existing = valid(await store.readJson(INSTALL_FILE));
  if (existing) return existing;
  // Two processes starting at once: one creates the file, the other reads what it wrote. A
  // damaged file is replaced.
  if (!(await store.createJson(INSTALL_FILE, { install_id: randomUUID() }))) {
    const written = valid(await store.readJson(INSTALL_FILE));
    if (written) return written;
    await store.writeJson(INSTALL_FILE, { install_id: randomUUID() });
  }
  const saved = valid(await store.readJson(INSTALL_FILE));
  if (saved) return saved;
  throw new Error(`cannot keep the install id in ${store.path(INSTALL_FILE)}`);
}
