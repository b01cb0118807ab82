import { licenseKeySuffix } from '@lbs/domain/license-terms';

// The audit log's labels (admin_audit.label): the target in the words the back office shows it,
// written with the entry, so ACTIVITY stays readable after the target is renamed or deleted.
// One function per kind of target, so every call site names the same thing the same way.

/** A coupon by its name: 'Launch week'. */
export const couponLabel = (coupon: { name: string }): string => coupon.name;

/** A promotion code as the customer types it: 'LAUNCH20'. */
export const promotionLabel = (promotion: { code: string }): string => promotion.code;

/** An order as its screens number it, with its customer: '#1042 · jane@example.com'. */
export const orderLabel = (order: { id: number; email: string }): string => `#${order.id} · ${order.email}`;

/**
 * A licence by its key's last group (as the booth screens show it, never the whole key: every
 * admin reads the log), with its customer: '…34567 · jane@example.com'.
 */
export const licenseLabel = (license: { licenseKey: string; email: string }): string =>
  `…${licenseKeySuffix(license.licenseKey)} · ${license.email}`;

/** A campaign by its subject and kind, as ACTIVITY shows it after the noun: '“LentiBooth 2.4 is out” · announcement'. */
export const campaignLabel = (campaign: { kind: string; subject: string }): string => `“${campaign.subject}” · ${campaign.kind}`;
