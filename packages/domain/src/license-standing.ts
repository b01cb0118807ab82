import type { LicenseValidationCode } from './license-server';
import { isLicenseExpired } from './license-terms';
import { licenseUsableUntil } from './renewals';

/** What a licence's standing is read from: its row as the server stores it. */
export interface LicenseStandingFacts {
  revokedAt: Date | null;
  suspendedAt: Date | null;
  startAt: Date;
  expiresAt: Date | null;
  deviceId: string | null;
  activateBy: Date | null;
  /** Set while an automatic renewal is unpaid: the licence stays usable until then (DESIGN §6.3). */
  graceUntil?: Date | null;
}

/**
 * Whether a licence can be used on `deviceId` now, and if not, why. Checked in Keygen's order
 * (DESIGN §6.1): revoked, then suspended (an admin may reinstate it), then not yet started, then
 * expired (after its grace, when an automatic renewal is unpaid), then the device binding. A Daily pass not yet started by its first activation has
 * started as far as the start and expiry go (its start is the activation that asks), but is not
 * VALID before that activation, even on a device it kept from an earlier term. Validation answers
 * it; activation binds a device only when it allows.
 */
export function licenseStanding(license: LicenseStandingFacts, deviceId: string, now: Date): Exclude<LicenseValidationCode, 'NOT_FOUND'> {
  if (license.revokedAt !== null) return 'REVOKED';
  if (license.suspendedAt !== null) return 'SUSPENDED';
  if (license.startAt.getTime() > now.getTime()) return 'NOT_YET_VALID';
  // In grace (an unpaid automatic renewal) it is still VALID: validation adds payment_due.
  if (isLicenseExpired(licenseUsableUntil(license), now)) return 'EXPIRED';
  if (license.deviceId === null) return 'NOT_ACTIVATED';
  if (license.deviceId !== deviceId) return 'DEVICE_MISMATCH';
  // A Daily pass renewed after it ended is unused again but keeps its device: only an activation
  // starts its hours, so its device is told to activate rather than handed a lease for nothing.
  if (license.activateBy !== null) return 'NOT_ACTIVATED';
  return 'VALID';
}
