// The back office's writes, as the audit log names them (its entries are in admin-responses.ts).

/** What an admin did, in the audit log's words. */
export const AUDIT_ACTIONS = [
  'license.generated',
  'license.revoked',
  'license.offline_activated',
  'order.updated',
  'coupon.created',
  'coupon.deleted',
  'promotion.created',
  'promotion.status_changed',
  'notifications.bulk_read',
  // The customer page's actions (issue 21).
  'user.verification_resent',
  'license.mail_resent',
  'order.mail_resent',
  'license.device_reset',
  'license.extended',
  'license.suspended',
  'license.reinstated',
  // One notification of the admins' feed marked read or done from the back office.
  'notification.read',
  'notification.done',
  // Announcements and promotional mail (issue 22).
  'campaign.created',
  'campaign.updated',
  'campaign.test_sent',
  'campaign.sent',
  // Money back (issue 23): a refund, or an order cancelled (unpaid, or paid and refunded in full).
  'order.refunded',
  'order.cancelled',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
