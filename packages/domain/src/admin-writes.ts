// The back office's writes, as the audit log names them (its entries are in admin-responses.ts).

/** What an admin did, in the audit log's words. */
export const AUDIT_ACTIONS = [
  'license.generated',
  'license.revoked',
  'order.updated',
  'coupon.created',
  'coupon.deleted',
  'promotion.created',
  'promotion.status_changed',
  'notifications.bulk_read',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
