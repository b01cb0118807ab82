import type { TLicense } from '@lbs/domain/responses';

export type LicenseActionName = 'resend' | 'reset-device' | 'extend' | 'suspend' | 'reinstate';

/**
 * The actions a licence offers, in the order its buttons appear; the server refuses the rest with
 * a 409 anyway, so this only spares the admin a button that cannot work. A revoked licence offers
 * none (revoke is final); one that never expires cannot be extended; one that has ended cannot be
 * suspended (there is nothing to pause), but one suspended can always be reinstated.
 */
export function licenseActionsFor(license: Pick<TLicense, 'revoked' | 'suspended' | 'is_expired' | 'expire_date' | 'device_number'>): LicenseActionName[] {
  if (license.revoked) return [];
  const actions: LicenseActionName[] = ['resend'];
  if (license.device_number) actions.push('reset-device');
  if (license.expire_date !== null) actions.push('extend');
  if (license.suspended) actions.push('reinstate');
  else if (!license.is_expired) actions.push('suspend');
  return actions;
}
