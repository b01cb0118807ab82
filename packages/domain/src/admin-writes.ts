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
  // Automatic renewal turned off for a customer (issue 39); turning it on is the holder's alone.
  'license.auto_renew_stopped',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * Each action in words, as ACTIVITY lists it and the customer page's timeline tells it: one list,
 * so that an action added above is named for both (the Record makes a missing name a type error).
 */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'license.generated': 'Generated a license',
  'license.revoked': 'Revoked a license',
  'license.offline_activated': 'Activated a booth offline',
  'order.updated': 'Updated an order',
  'order.refunded': 'Refunded an order',
  'order.cancelled': 'Cancelled an order',
  'coupon.created': 'Created a coupon',
  'coupon.deleted': 'Deleted a coupon',
  'promotion.created': 'Created a promotion code',
  'promotion.status_changed': 'Changed a promotion code’s status',
  'notifications.bulk_read': 'Marked notifications as read',
  'user.verification_resent': 'Resent the verification mail',
  'license.mail_resent': 'Resent a license key mail',
  'order.mail_resent': 'Resent an order receipt',
  'license.device_reset': 'Reset a license’s device',
  'license.extended': 'Extended a license',
  'license.suspended': 'Suspended a license',
  'license.reinstated': 'Reinstated a license',
  'license.auto_renew_stopped': 'Turned off a license’s automatic renewal',
  'notification.read': 'Marked a notification as read',
  'notification.done': 'Marked a notification as done',
  'campaign.created': 'Wrote an announcement',
  'campaign.updated': 'Edited an announcement',
  'campaign.test_sent': 'Sent an announcement as a test to themselves',
  'campaign.sent': 'Sent an announcement to customers',
};

/** An action in words; one stored that this list does not name (written by a later version) shows as its code. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;
}
