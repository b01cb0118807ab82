import { eq, sql } from 'drizzle-orm';
import { formatDateTimeWithZone } from '@lbs/domain/dates';
import { licenseKeySuffix } from '@lbs/domain/license-terms';
import { MSG } from '@lbs/domain/messages';
import {
  isOfflineRequestExpired,
  OFFLINE_ANSWER_PREFIX,
  OFFLINE_REQUEST_CLOCK_TOLERANCE_SECONDS,
  OFFLINE_REQUEST_PROBLEMS,
  OFFLINE_REQUEST_TTL_SECONDS,
  parseOfflineActivationRequest,
  type TOfflineActivationAnswer,
  type TOfflineActivationBody,
} from '@lbs/domain/offline-activation';
import type { Db } from '../../db/client';
import { licenseOfflineActivations } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/app-error';
import { licenseLabel } from '../audit/audit-labels';
import { recordAdminAction, type AuditActor } from '../audit/record-admin-action';
import { bindLicenseDevice, type BindingRefusal } from '../license-changes/bind-license-device';
import type { LicenseRow } from './find-license';
import type { LeaseIssuer } from './lease';

/**
 * Who submits the request: the key's owner (only their own keys) or an admin (any key, and the
 * audit log says so). `ip` is the operator's address (their phone's), kept with the activation.
 */
/** Who submits the request; `timeZone` (theirs, users.time_zone) dates the refusals they read. */
export type OfflineOperator = ({ kind: 'owner'; userId: number; ip: string } | { kind: 'admin'; actor: AuditActor }) & { timeZone: string };

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Answers a booth's offline activation request (DESIGN §6.1, docs/license-api.md): the same
 * binding as an online activation (bindLicenseDevice: the licence row locked, its standing, one
 * device, a Daily pass started), and a lease for the request's device carrying the request's
 * nonce and key fingerprint, which the booth checks against its own pending request.
 *
 * A nonce is answered for one device per licence: submitted again for the same, the answer is
 * issued again (the operator's phone lost it, or the booth's screen was read twice); for another
 * device it is refused, so a request cannot be replayed for another booth. (An answer for another
 * key carries that key's fingerprint, which the booth refuses.)
 * Neither the booth's address nor a validation is recorded: the booth was not seen, only its
 * operator, whose address is kept with the activation.
 */
export async function activateOffline(
  db: Db,
  leases: LeaseIssuer,
  body: TOfflineActivationBody,
  operator: OfflineOperator,
  now = new Date(),
): Promise<TOfflineActivationAnswer> {
  const parsed = parseOfflineActivationRequest(body.request);
  if (!parsed.ok) throw badRequest(OFFLINE_REQUEST_PROBLEMS[parsed.problem]);
  const { request, keyHash } = parsed;
  if (isOfflineRequestExpired(request, now)) throw badRequest(OFFLINE_REQUEST_PROBLEMS.expired);
  // Made (by the booth's clock) further ahead than the clock tolerance: it would stay good for
  // longer than its 24 hours.
  if (request.exp > seconds(now) + OFFLINE_REQUEST_TTL_SECONDS + OFFLINE_REQUEST_CLOCK_TOLERANCE_SECONDS) throw badRequest(MSG.offlineRequestAhead);

  const byAdmin = operator.kind === 'admin';
  const device = { deviceId: request.dev, deviceName: request.dn ?? null, appVersion: request.av ?? null };
  const requestExpiresAt = new Date(request.exp * 1000);

  const bound = await db.transaction(async (tx) => {
    const result = await bindLicenseDevice(tx, leases.expiryOf, { keyHash, ownerId: byAdmin ? undefined : operator.userId }, device, now);
    if (!result.ok) throw refusalFor(result, byAdmin, operator.timeZone);
    const { license, leaseExpiresAt } = result;
    // The nonce's one device on this licence, race-free: a second submission for the same updates
    // its row; one for another device matches no row (the WHERE) and is refused, rolling back the
    // binding. Unique per licence, not across the shop: someone who photographed the booth's QR
    // cannot block its owner by submitting the nonce first with a key of their own.
    const [recorded] = await tx
      .insert(licenseOfflineActivations)
      .values({
        licenseId: license.id,
        deviceId: request.dev,
        deviceName: device.deviceName,
        nonce: request.n,
        requestExpiresAt,
        leaseExpiresAt,
        actorId: byAdmin ? operator.actor.id : operator.userId,
        byAdmin,
        ip: byAdmin ? operator.actor.ip : operator.ip,
      })
      .onConflictDoUpdate({
        target: [licenseOfflineActivations.licenseId, licenseOfflineActivations.nonce],
        set: { leaseExpiresAt },
        setWhere: eq(licenseOfflineActivations.deviceId, sql`excluded.device_id`),
      })
      .returning({ id: licenseOfflineActivations.id });
    if (!recorded) throw conflict(MSG.offlineRequestAnsweredElsewhere);
    if (byAdmin) {
      await recordAdminAction(tx, {
        actor: operator.actor,
        action: 'license.offline_activated',
        target: { type: 'license', id: license.id },
        label: licenseLabel(license),
        subjectUserId: license.userId,
        before: bindingView(result.before),
        after: { ...bindingView(license), nonce: request.n, lease_expires_at: leaseExpiresAt.toISOString() },
      });
    }
    return result;
  });

  const { license, leaseExpiresAt } = bound;
  const lease = await leases.issue(license, request.dev, now, { nonce: request.n, kfp: request.kf });
  return {
    answer: `${OFFLINE_ANSWER_PREFIX}${lease}`,
    license: {
      id: license.id,
      type: license.type,
      key_suffix: licenseKeySuffix(license.licenseKey),
      starts_at: license.startAt.toISOString(),
      expires_at: license.expiresAt?.toISOString() ?? null,
    },
    device_id: request.dev,
    device_name: license.deviceName,
    lease_expires_at: leaseExpiresAt.toISOString(),
    request_expires_at: requestExpiresAt.toISOString(),
  };
}

/** The licence's device and term, as the audit log keeps them either side of the activation. */
function bindingView(l: LicenseRow) {
  return {
    device_id: l.deviceId,
    device_name: l.deviceName,
    start_at: l.startAt.toISOString(),
    expires_at: l.expiresAt?.toISOString() ?? null,
    activate_by: l.activateBy?.toISOString() ?? null,
  };
}

/**
 * The binding's refusal in the operator's words, `{"detail": "<sentence>"}`. The owner's "not
 * found" covers another customer's key too, in the same words, so a key's existence is not told.
 */
function refusalFor(refusal: BindingRefusal, byAdmin: boolean, timeZone: string): AppError {
  switch (refusal.code) {
    case 'NOT_FOUND':
      return notFound(byAdmin ? MSG.offlineKeyUnknown : MSG.offlineKeyNotYours);
    case 'REVOKED':
      return forbidden(MSG.offlineLicenseRevoked);
    case 'SUSPENDED':
      return forbidden(MSG.offlineLicenseSuspended);
    case 'EXPIRED':
      return forbidden(MSG.offlineLicenseExpired);
    case 'NOT_YET_VALID':
      return forbidden(MSG.offlineLicenseNotYetValid(formatDateTimeWithZone(refusal.startsAt, timeZone)));
    case 'DEVICE_LIMIT_REACHED':
      return conflict(MSG.offlineDeviceLimit);
  }
}
