import type { AuditAction } from '@lbs/domain/admin-writes';
import { iso, isoOrNull } from './clock';
import type { DemoCoupon, DemoPromotion } from './coupons';
import type { DemoLicense } from './licenses';
import type { DemoOrder } from './orders';
import { insertRows, type RawSql } from './raw-sql';

// The audit log of the admin's writes, with each row's before and after as the app records them.

export interface DemoAudit {
  action: AuditAction;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  ip: string;
  at: number;
}

/** The audit's copy of a licence (generate-license.ts auditView): its terms, never the key. */
export const licenseAuditView = (
  l: { userId: number; email: string; type: string; startAt: number; expiresAt: number | null; activateBy: number | null },
  revokedAt: number | null,
) => ({
  user_id: l.userId,
  email: l.email,
  type: l.type,
  start_at: iso(l.startAt),
  expires_at: isoOrNull(l.expiresAt),
  revoked_at: isoOrNull(revokedAt),
  activate_by: isoOrNull(l.activateBy),
});

/** couponJson() / promotionJson() of voucher-json.ts, as the row stood at `timesRedeemed`. */
const epochSeconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));
const couponAuditView = (c: DemoCoupon, timesRedeemed: number) => ({
  id: c.id,
  name: c.name,
  discount_type: c.discountType,
  discount_value: c.discountValue,
  currency: c.discountType === 'amount' ? 'usd' : null,
  max_redemptions: c.maxRedemptions,
  times_redeemed: timesRedeemed,
  redeem_by: epochSeconds(c.redeemBy),
  created_at: iso(c.createdAt),
});
const promotionAuditView = (p: DemoPromotion) => ({
  id: p.id,
  coupon_id: p.coupon.id,
  code: p.code,
  active: true,
  max_redemptions: p.maxRedemptions,
  times_redeemed: 0,
  expires_at: epochSeconds(p.expiresAt),
  restrictions: { minimum_amount: p.minimumAmountCents },
  once_per_customer: p.oncePerCustomer,
  created_at: iso(p.createdAt),
});

/** update-order.ts's tracking(): the fields an admin's status change writes. */
type TrackingView = { status: string; track_num: string | null; carrier_name: string | null; estimate_date: string | null; track_url: string | null };

/**
 * What the admins did to the shop's rows, in this order: revoked bought keys (not those a refund
 * revoked), moved orders along (processing, shipped with tracking, delivered), made and retired
 * coupons and codes. `ip` draws the address of each write in turn.
 */
export function auditOfShop(
  opts: { orders: DemoOrder[]; licenses: DemoLicense[]; coupons: DemoCoupon[]; promotions: DemoPromotion[] },
  ip: () => string,
): DemoAudit[] {
  const audit: DemoAudit[] = [];
  // Revocations of bought keys.
  for (const l of opts.licenses) {
    // A key revoked because its order line was refunded was not an admin's revocation.
    if (l.revokedAt === null || l.revokedReason === 'refunded') continue;
    audit.push({
      action: 'license.revoked',
      targetType: 'license',
      targetId: l.id,
      before: licenseAuditView(l, null),
      after: licenseAuditView(l, l.revokedAt),
      ip: ip(),
      at: l.revokedAt,
    });
  }

  // Orders moved along by the warehouse admin: processing, shipped with tracking, delivered.
  for (const order of opts.orders) {
    let before: TrackingView = { status: 'pending', track_num: null, carrier_name: null, estimate_date: null, track_url: null };
    for (const step of order.history) {
      const t = order.tracking;
      const after: TrackingView =
        step.status === 'shipped' && t
          ? { status: 'shipped', track_num: t.trackNum, carrier_name: t.carrier, estimate_date: t.estimateDate, track_url: t.trackUrl }
          : { ...before, status: step.status };
      audit.push({ action: 'order.updated', targetType: 'order', targetId: String(order.id), before, after, ip: ip(), at: step.at });
      before = after;
    }
  }

  // Coupons and codes made (and retired) from the Coupons tab.
  for (const c of opts.coupons) {
    audit.push({ action: 'coupon.created', targetType: 'coupon', targetId: c.id, before: null, after: couponAuditView(c, 0), ip: ip(), at: c.createdAt });
    if (c.deletedAt !== null) {
      // A deleted coupon's codes stop working, so its count then is its count now.
      const at = couponAuditView(c, c.timesRedeemed);
      audit.push({ action: 'coupon.deleted', targetType: 'coupon', targetId: c.id, before: at, after: { ...at, deleted_at: iso(c.deletedAt) }, ip: ip(), at: c.deletedAt });
    }
  }
  for (const p of opts.promotions) {
    audit.push({ action: 'promotion.created', targetType: 'promotion', targetId: p.id, before: null, after: promotionAuditView(p), ip: ip(), at: p.createdAt });
    if (!p.active && p.usableUntil !== null) {
      audit.push({ action: 'promotion.status_changed', targetType: 'promotion', targetId: p.id, before: { active: true }, after: { active: false }, ip: ip(), at: p.usableUntil });
    }
  }
  return audit;
}

/** The audit rows, every one by the demo admin. */
export function writeAudit(tx: RawSql, audit: readonly DemoAudit[], admin: { id: number; email: string }): Promise<void> {
  return insertRows(tx, 'admin_audit', [
    ['actor_id', 'int'], ['actor_email', 'text'], ['action', 'text'], ['target_type', 'text'], ['target_id', 'text'],
    ['before', 'jsonb'], ['after', 'jsonb'], ['ip', 'text'], ['created_at', 'timestamptz'],
  ], audit, (a) => [
    admin.id, admin.email, a.action, a.targetType, a.targetId,
    a.before === null ? null : JSON.stringify(a.before), a.after === null ? null : JSON.stringify(a.after), a.ip, iso(a.at),
  ]);
}
