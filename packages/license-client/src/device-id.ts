import { createHash, randomUUID } from 'node:crypto';
import os from 'node:os';
import { isRecord } from './server-call';
import type { StateStore } from './state-store';

const INSTALL_FILE = 'install.json';
const DEVICE_FILE = 'device.json';
/** license.json: an install made before device.json activated with the id it holds. */
const LICENSE_FILE = 'license.json';

/** device.json: this install's device id, fixed once. */
export interface StoredDeviceId {
  device_id: string;
  created_at: string;
  /** `derived`: made here the first time; `license`: adopted from an earlier install's licence.json. */
  source: 'derived' | 'license';
}

/**
 * Invisible characters that reorder or hide text: the bidirectional controls (U+202E turns
 * "Booth‮gpj.exe" around; U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069) and the zero-width
 * ones (U+200B-U+200D, U+2060-U+2064, U+FEFF, U+180E).
 */
const HIDDEN_CHARACTERS = /[\p{Bidi_Control}\u200B-\u200D\u2060-\u2064\uFEFF\u180E]/gu;

/**
 * A device name as sent: bidirectional and zero-width characters removed, then trimmed; null when
 * nothing is left. Removed, never refused: the name defaults to the host name, and a refusal
 * would stop a booth at an event. (The device id is taken as given: see `deviceIdProblem`.)
 */
export function cleanDeviceName(name: string | null | undefined): string | null {
  const cleaned = (name ?? '').replace(HIDDEN_CHARACTERS, '').trim();
  return cleaned === '' ? null : cleaned;
}

/**
 * The device ids the server takes: 1-200 characters, no control characters, no spaces around it
 * (the server refuses, never trims, such an id). Null when `id` is fine, else why not.
 */
export function deviceIdProblem(id: string): string | null {
  if (id.length === 0 || id.length > 200) return 'must be 1-200 characters';
  // eslint-disable-next-line no-control-regex -- the very characters refused
  if (/[\u0000-\u001f\u007f-\u009f]/.test(id)) return 'must not contain control characters';
  if (id.trim() !== id) return 'must not start or end with spaces';
  return null;
}

export interface MachineFacts {
  hostname: string;
  platform: string;
  arch: string;
}

export function machineFacts(): MachineFacts {
  return { hostname: os.hostname(), platform: process.platform, arch: process.arch };
}

/**
 * This install's device id (DESIGN §6.1), fixed the first time and read from device.json from then
 * on, so renaming the PC, an OS update or a new network card keep the seat. The first time it is
 * the id an existing licence.json was activated with (an install made before device.json, whose id
 * was derived from the host name on every start), else a fresh one from `deriveDeviceId`. Lost
 * with the state directory (a new disk, a reinstall that wipes it): then it is a new device. A copy
 * of the state directory on a second PC has the same id; the server flags that, it does not lock out.
 */
export async function storedDeviceId(
  store: StateStore,
  facts: MachineFacts = machineFacts(),
  now: () => Date = () => new Date(),
): Promise<string> {
  const valid = (value: unknown): string | null =>
    isRecord(value) && typeof value.device_id === 'string' && !deviceIdProblem(value.device_id)
      ? value.device_id
      : null;
  const existing = valid(await store.readJson(DEVICE_FILE));
  if (existing) return existing;
  const fromLicense = valid(await store.readJson(LICENSE_FILE));
  const record: StoredDeviceId = {
    device_id: fromLicense ?? (await deriveDeviceId(store, facts)),
    created_at: now().toISOString(),
    source: fromLicense ? 'license' : 'derived',
  };
  // Two processes starting at once: one creates the file, the other reads what it wrote. A
  // damaged file is replaced.
  if (!(await store.createJson(DEVICE_FILE, record))) {
    const written = valid(await store.readJson(DEVICE_FILE));
    if (written) return written;
    await store.writeJson(DEVICE_FILE, record);
  }
  const saved = valid(await store.readJson(DEVICE_FILE));
  if (saved) return saved;
  throw new Error(`cannot keep the device id in ${store.path(DEVICE_FILE)}`);
}

/**
 * A new device id: a hash of the host name, operating system and a random install id kept in the
 * state directory. Used once per install, by `storedDeviceId`; before device.json it was
 * recomputed on every start, so renaming the PC gave another id.
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
