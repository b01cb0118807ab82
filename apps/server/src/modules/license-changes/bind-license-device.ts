import { licenseStanding } from '@lbs/domain/license-standing';
import { initialReminderStage, isLicenseUnstarted, startedPassTerm } from '@lbs/domain/license-terms';
import type { Tx } from '../../db/client';
import { lockLicenseByKeyHash } from './lock-license';
import { writeLicense, type LicenseRow } from './write-licenses';

/** The end of the lease the caller will sign for this licence on this device at `now`. */
export type LeaseEndOf = (license: LicenseRow, deviceId: string, now: Date) => Date;

/** The device a licence is bound to, as the booth names it. */
export interface DeviceToBind {
  deviceId: string;
  deviceName?: string | null;
  appVersion?: string | null;
}

/** Why a licence was not bound; each way of activating words it for its own caller. */
export type BindingRefusal =
  | { code: 'NOT_FOUND' | 'REVOKED' | 'SUSPENDED' | 'EXPIRED' | 'DEVICE_LIMIT_REACHED' }
  | { code: 'NOT_YET_VALID'; startsAt: Date };

export type BindingResult =
  | { ok: true; before: LicenseRow; license: LicenseRow; leaseExpiresAt: Date }
  | ({ ok: false } & BindingRefusal);

/**
 * The booth's verb: the one binding of a licence to a device, shared by online activation (the booth calls) and
 * offline activation (its operator submits the booth's request): must run inside a transaction,
 * whose caller commits or rolls back with whatever else it writes.
 *
 * One device per licence: the lookup takes the licence row's lock, so of many devices activating
 * at once exactly one wins and the rest are refused DEVICE_LIMIT_REACHED. The same device again is
 * idempotent (its name and version are refreshed). The standing is checked in Keygen's order
 * (licenseStanding, domain). The first activation of an unstarted Daily pass starts its hours, and
 * lease_expires_at records the end of the lease the caller will sign with the same `now`.
 *
 * `seenFrom`: the booth itself called from this address (online), so it was seen now. An offline
 * activation leaves the last validation alone: the booth was not seen, only its operator. The
 * booth's own verbs tell no one and write no audit row (an offline activation's caller audits it).
 */
export async function bindLicenseDevice(
  tx: Tx,
  leaseEndOf: LeaseEndOf,
  lookup: { keyHash: string; ownerId?: number },
  device: DeviceToBind,
  now: Date,
  seenFrom?: { ip: string },
): Promise<BindingResult> {
  const found = await lockLicenseByKeyHash(tx, lookup.keyHash, { ownerId: lookup.ownerId });
  if (!found) return { ok: false, code: 'NOT_FOUND' };
  const standing = licenseStanding(found, device.deviceId, now);
  if (standing === 'NOT_YET_VALID') return { ok: false, code: standing, startsAt: found.startAt };
  if (standing === 'REVOKED' || standing === 'SUSPENDED' || standing === 'EXPIRED') return { ok: false, code: standing };
  if (standing === 'DEVICE_MISMATCH') return { ok: false, code: 'DEVICE_LIMIT_REACHED' };
  // A new binding starts clean: a reset leaves the old device's name, version, last check and
  // shared flag on the row, and none of them describes the device bound now (an offline binding
  // would otherwise show it as seen an hour ago, with the old booth's version and flag).
  const newBinding = found.deviceId !== device.deviceId;
  const changes: Partial<LicenseRow> = {
    deviceId: device.deviceId,
    deviceBoundAt: newBinding ? now : found.deviceBoundAt,
    deviceName: device.deviceName ?? (newBinding ? null : found.deviceName),
    lastAppVersion: device.appVersion ?? (newBinding ? null : found.lastAppVersion),
    ...(newBinding ? { lastValidatedAt: null, lastValidatedIp: null, deviceSharedAt: null } : {}),
    ...(seenFrom ? { lastValidatedAt: now, lastValidatedIp: seenFrom.ip } : {}),
    ...firstActivationStart(found, now),
  };
  // The lease's end depends on the term this very update may start (a Daily pass).
  const leaseExpiresAt = leaseEndOf({ ...found, ...changes }, device.deviceId, now);
  const bound = await writeLicense(tx, found.id, { ...changes, leaseExpiresAt });
  return { ok: true, before: found, license: bound, leaseExpiresAt };
}

/**
 * The columns that start an unstarted Daily pass at its first activation (DESIGN §6.1): its hours
 * run from now, it is no longer unstarted, and its reminders start over for the real term (so a
 * pass started today gets the 'ended' notice, not the one of its old activate-by date). Nothing
 * for a licence already started.
 */
function firstActivationStart(license: LicenseRow, now: Date): Partial<LicenseRow> {
  if (!isLicenseUnstarted(license) || license.unstartedTermHours === null) return {};
  const term = startedPassTerm(license.unstartedTermHours, now);
  return { ...term, activateBy: null, unstartedTermHours: null, reminderStage: initialReminderStage(term.expiresAt, now) };
}
