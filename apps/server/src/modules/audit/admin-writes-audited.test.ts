import { afterAll, beforeAll, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type AuditAction } from '@lbs/domain/admin-writes';
import { adminRoutesOf } from '../../../test/admin-routes-of';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { MODULES } from '../module-table';

/**
 * Every write of the admin scope and the audit action it records (DESIGN §5: every admin write is
 * audited, with a readable label). The module's own tests check that a write leaves its entry
 * with its label; this table makes a new admin write fail here until its audit is named, so an
 * unaudited write cannot slip in unnoticed.
 */
const AUDITED_ADMIN_WRITES: Record<string, AuditAction> = {
  'POST /api/subscriptions/licenses': 'license.generated',
  'PUT /api/subscriptions/licenses': 'license.revoked',
  'POST /api/admin/licenses/offline-activations': 'license.offline_activated',
  'PUT /api/order/{orderId}': 'order.updated',
  // Bulk ship (issue 22): one order.updated entry per order shipped.
  'POST /api/order/admin/ship': 'order.updated',
  'POST /api/voucher/coupon': 'coupon.created',
  'DELETE /api/voucher/coupon/{id}': 'coupon.deleted',
  'POST /api/voucher/promotion/{couponId}': 'promotion.created',
  'PATCH /api/voucher/promotion/{id}/status': 'promotion.status_changed',
  'PATCH /api/notification/read': 'notifications.bulk_read',
  // The customer page's actions (issue 21).
  'POST /api/users/admin/{userId}/resend-verification': 'user.verification_resent',
  'POST /api/order/admin/{orderId}/resend-mail': 'order.mail_resent',
  'POST /api/subscriptions/licenses/admin/{licenseId}/resend-mail': 'license.mail_resent',
  'POST /api/subscriptions/licenses/admin/{licenseId}/reset-device': 'license.device_reset',
  'POST /api/subscriptions/licenses/admin/{licenseId}/extend': 'license.extended',
  'POST /api/subscriptions/licenses/admin/{licenseId}/suspend': 'license.suspended',
  'POST /api/subscriptions/licenses/admin/{licenseId}/reinstate': 'license.reinstated',
  // Announcements (issue 22).
  'POST /api/admin/campaigns': 'campaign.created',
  'PUT /api/admin/campaigns/{id}': 'campaign.updated',
  'POST /api/admin/campaigns/{id}/test': 'campaign.test_sent',
  'POST /api/admin/campaigns/{id}/send': 'campaign.sent',
  // Money back (issue 23): audited when the refund succeeds (an unpaid order's cancel at once).
  'POST /api/order/admin/{orderId}/refunds': 'order.refunded',
  'POST /api/order/admin/{orderId}/cancel': 'order.cancelled',
  // Automatic renewal turned off for a customer (issue 39).
  'PUT /api/admin/licenses/{id}/auto-renew': 'license.auto_renew_stopped',
};

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

it('names the audit action of every write in the admin scope', async () => {
  const writes = [...(await adminRoutesOf(MODULES, t.ctx))].filter((key) => !key.startsWith('GET ')).sort();
  expect(writes).toEqual(Object.keys(AUDITED_ADMIN_WRITES).sort());
  for (const action of Object.values(AUDITED_ADMIN_WRITES)) expect(AUDIT_ACTIONS).toContain(action);
});
