import type { TLicenseActivateBody, TLicenseActivated } from '@lbs/domain/license-server';
import type { Db } from '../../db/client';
import { bindLicenseDevice } from '../license-changes/bind-license-device';
import { recordDeviceAddresses } from './device-addresses';
import { hashLicenseKey, toServerLicense } from './find-license';
import type { LeaseIssuer } from './lease';
import { LicenseRefusal } from './license-refusal';
import { paymentDueOf } from './payment-due';

/** Who is calling: recorded with the activation. */
export interface LicenseClient {
  ip: string;
}

/**
 * Binds a licence to the calling device and answers a lease (bindLicenseDevice: one device per
 * licence, in one transaction with the licence row locked; the same device again is idempotent;
 * the first activation of an unstarted Daily pass starts it). Binds `device_id`, the field the
 * customer's overview shows and their self-service reset clears. The booth called, so it was seen
 * now, from this address. A licence in grace (its automatic renewal unpaid) activates as a current
 * one, and the answer carries `payment_due` as validation's does.
 */
export async function activateLicense(
  db: Db,
  leases: LeaseIssuer,
  body: TLicenseActivateBody,
  client: LicenseClient,
  now = new Date(),
): Promise<TLicenseActivated> {
  const device = { deviceId: body.device_id, deviceName: body.device_name, appVersion: body.app_version };
  const license = await db.transaction(async (tx) => {
    const bound = await bindLicenseDevice(tx, leases.expiryOf, { keyHash: hashLicenseKey(body.license_key) }, device, now, { ip: client.ip });
    if (!bound.ok) throw bound.code === 'NOT_YET_VALID' ? new LicenseRefusal(bound.code, { startsAt: bound.startsAt }) : new LicenseRefusal(bound.code);
    // In the same transaction: an activation either happened with its address on record or not at
    // all (recorded after the commit, a failure there would answer 500 for a bound device).
    await recordDeviceAddresses(tx, [{ licenseId: bound.license.id, deviceId: body.device_id, ip: client.ip, at: now }]);
    return bound.license;
  });
  const paymentDue = paymentDueOf(license, now, leases.issuer);
  return {
    valid: true,
    code: 'VALID',
    license: toServerLicense(license),
    lease: await leases.issue(license, body.device_id, now),
    ...(paymentDue ? { payment_due: paymentDue } : {}),
  };
}
