import {
  USAGE_MAX_AGE_MS,
  USAGE_MAX_AHEAD_MS,
  USAGE_CLOCK_TOLERANCE_MS,
  USAGE_TERM_END_TOLERANCE_MS,
  type UsageEventRefusal,
} from '@lbs/domain/license-server';
import { licenseUsableUntil } from '@lbs/domain/renewals';
import type { LicenseRow } from './find-license';

/** The instants (ms since the epoch) a device may report events for on a licence: [from, to]. */
export interface UsageReportingSpan {
  from: number;
  /** Infinity for a licence that never ends and is still held. */
  to: number;
}

/**
 * Events belong to the time they happened (DESIGN §6.1): a device reports for the licence's term,
 * from its start to the earliest of its end, revocation and suspension, and, for a device that
 * no longer holds it, up to the moment it was freed. Its end is licenseUsableUntil's: the expiry,
 * or while an automatic renewal is unpaid the end of its grace (the booth worked until then, on
 * a lease whose lic_exp said so). Past the end, the client's lease tolerance
 * (USAGE_TERM_END_TOLERANCE_MS, an hour): the client lets a booth work that long on its lease, so
 * its events are stored. Before the start and after a revocation, a suspension or the device being
 * freed, USAGE_CLOCK_TOLERANCE_MS (15 minutes) forgives what is left of a booth's clock error after
 * the client's correction. An unstarted Daily pass has no term yet: null.
 *
 * For the device that holds it, the end is at least that of the last lease signed for it
 * (lease_expires_at): a grace that ended or was given up clears grace_until, but a booth offline
 * kept working on its lease until the lease's exp (never past grace_until), and reports that time
 * when it is next online.
 */
export function usageReportingSpan(
  license: Pick<LicenseRow, 'startAt' | 'expiresAt' | 'graceUntil' | 'leaseExpiresAt' | 'revokedAt' | 'suspendedAt' | 'activateBy'>,
  freedAt: Date | null,
): UsageReportingSpan | null {
  if (license.activateBy !== null) return null;
  const usableUntil = licenseUsableUntil(license);
  const leaseEnd = freedAt === null ? license.leaseExpiresAt : null;
  const termEnd = usableUntil === null ? Infinity : Math.max(usableUntil.getTime(), leaseEnd?.getTime() ?? -Infinity);
  const ends = [
    termEnd + USAGE_TERM_END_TOLERANCE_MS,
    ...[license.revokedAt, license.suspendedAt, freedAt].map((d) => (d === null ? Infinity : d.getTime() + USAGE_CLOCK_TOLERANCE_MS)),
  ];
  return { from: license.startAt.getTime() - USAGE_CLOCK_TOLERANCE_MS, to: Math.min(...ends) };
}

/**
 * Why one event stamped `at` cannot be stored now, or null when it can. Too old first (final), then
 * ahead of the server's clock (the client keeps it: it cannot be judged against the term yet), then
 * outside the span (final).
 */
export function usageEventRefusal(at: number, span: UsageReportingSpan | null, now: number): Exclude<UsageEventRefusal, 'INVALID'> | null {
  if (at < now - USAGE_MAX_AGE_MS) return 'TOO_OLD';
  if (at > now + USAGE_MAX_AHEAD_MS) return 'AHEAD';
  if (span === null || at < span.from || at > span.to) return 'OUTSIDE_TERM';
  return null;
}
