import { DAY, iso } from './clock';
import type { DemoOrder } from './orders';
import { insertRows, type RawSql } from './raw-sql';
import type { Rng } from './rng';

// The Coupons tab's coupons and promotion codes, as an admin made (and retired) them.

export interface DemoCoupon {
  id: string;
  name: string;
  discountType: 'percent' | 'amount';
  discountValue: number;
  maxRedemptions: number | null;
  redeemBy: number | null;
  deletedAt: number | null;
  createdAt: number;
  timesRedeemed: number;
}

export interface DemoPromotion {
  id: string;
  coupon: DemoCoupon;
  code: string;
  active: boolean;
  /** A code switched off by an admin was usable until then. */
  usableUntil: number | null;
  maxRedemptions: number | null;
  expiresAt: number | null;
  minimumAmountCents: number | null;
  oncePerCustomer: boolean;
  createdAt: number;
  timesRedeemed: number;
}

/** Eight coupons and their eleven codes (each suffixed in an appended batch), some retired or capped. */
export function generateCoupons(rng: Rng, windowStart: number, now: number, suffix: string) {
  const window = now - windowStart;
  const at = (fraction: number) => Math.floor(windowStart + window * fraction);
  const coupon = (c: Omit<DemoCoupon, 'id' | 'timesRedeemed'>): DemoCoupon => ({ ...c, id: rng.uuid(), timesRedeemed: 0 });
  const welcome = coupon({ name: 'Welcome 10%', discountType: 'percent', discountValue: 10, maxRedemptions: null, redeemBy: null, deletedAt: null, createdAt: windowStart - 400 * DAY });
  const wedding = coupon({ name: 'Wedding season 15%', discountType: 'percent', discountValue: 15, maxRedemptions: null, redeemBy: at(0.7), deletedAt: null, createdAt: at(0.05) });
  const expo = coupon({ name: 'Booth Expo $50 off', discountType: 'amount', discountValue: 5000, maxRedemptions: 150, redeemBy: null, deletedAt: null, createdAt: at(0.2) });
  const upgrade = coupon({ name: 'Yearly upgrade 20%', discountType: 'percent', discountValue: 20, maxRedemptions: null, redeemBy: null, deletedAt: null, createdAt: windowStart - 120 * DAY });
  const raya = coupon({ name: 'Hari Raya 12%', discountType: 'percent', discountValue: 12, maxRedemptions: null, redeemBy: at(0.35), deletedAt: null, createdAt: windowStart - 10 * DAY });
  const partner = coupon({ name: 'Partner referral $25', discountType: 'amount', discountValue: 2500, maxRedemptions: null, redeemBy: null, deletedAt: null, createdAt: windowStart - 200 * DAY });
  const legacy = coupon({ name: 'Legacy reseller 30%', discountType: 'percent', discountValue: 30, maxRedemptions: null, redeemBy: null, deletedAt: at(0.25), createdAt: windowStart - 700 * DAY });
  const flash = coupon({ name: 'Flash sale 25%', discountType: 'percent', discountValue: 25, maxRedemptions: 400, redeemBy: null, deletedAt: null, createdAt: at(0.4) });
  const promo = (
    c: DemoCoupon,
    code: string,
    p: Partial<Omit<DemoPromotion, 'id' | 'coupon' | 'code' | 'timesRedeemed'>> = {},
  ): DemoPromotion => ({
    id: rng.uuid(),
    coupon: c,
    code: `${code}${suffix}`,
    active: p.active ?? true,
    usableUntil: p.usableUntil ?? null,
    maxRedemptions: p.maxRedemptions ?? null,
    expiresAt: p.expiresAt ?? c.redeemBy,
    minimumAmountCents: p.minimumAmountCents ?? null,
    oncePerCustomer: p.oncePerCustomer ?? false,
    createdAt: p.createdAt ?? c.createdAt,
    timesRedeemed: 0,
  });
  const coupons = [welcome, wedding, expo, upgrade, raya, partner, legacy, flash];
  const promotions = [
    promo(welcome, 'WELCOME10', { oncePerCustomer: true }),
    promo(wedding, 'WEDDING15', { maxRedemptions: 300 }),
    promo(expo, 'EXPO50', { minimumAmountCents: 20_000 }),
    promo(expo, 'EXPOVIP', { maxRedemptions: 25, minimumAmountCents: 100_000 }),
    promo(upgrade, 'UPGRADE20', { minimumAmountCents: 150_000 }),
    promo(raya, 'RAYA12'),
    promo(partner, 'PARTNER-SG', { oncePerCustomer: true }),
    promo(partner, 'PARTNER-ID', { oncePerCustomer: true }),
    promo(legacy, 'LEGACY30'),
    promo(flash, 'FLASH25', { expiresAt: at(0.55), maxRedemptions: 400 }),
    promo(flash, 'BOOTHFRIENDS', { active: false, usableUntil: at(0.5), createdAt: at(0.42) }),
  ];
  return { coupons, promotions };
}

/** Why this promotion could not be used at `t`; mirrors the checkout's rules (promotion-rules.ts). */
export function promotionUsable(p: DemoPromotion, t: number, itemsCents: number, usedBy: Set<string>, userId: number): boolean {
  const c = p.coupon;
  if (t < p.createdAt || t < c.createdAt) return false;
  if (!p.active && (p.usableUntil === null || t >= p.usableUntil)) return false;
  if (c.deletedAt !== null && t >= c.deletedAt) return false;
  if (p.expiresAt !== null && t >= p.expiresAt) return false;
  if (c.redeemBy !== null && t >= c.redeemBy) return false;
  if (p.maxRedemptions !== null && p.timesRedeemed >= p.maxRedemptions) return false;
  if (c.maxRedemptions !== null && c.timesRedeemed >= c.maxRedemptions) return false;
  if (p.minimumAmountCents !== null && itemsCents < p.minimumAmountCents) return false;
  if (p.oncePerCustomer && usedBy.has(`${p.id}:${userId}`)) return false;
  return true;
}

/** The coupons and their codes, with the uses the orders made of them. */
export async function writeCoupons(tx: RawSql, coupons: readonly DemoCoupon[], promotions: readonly DemoPromotion[]): Promise<void> {
  await insertRows(tx, 'coupons', [
    ['id', 'uuid'], ['name', 'text'], ['discount_type', 'text'], ['discount_value', 'int'], ['currency', 'text'], ['max_redemptions', 'int'],
    ['times_redeemed', 'int'], ['redeem_by', 'timestamptz'], ['deleted_at', 'timestamptz'], ['created_at', 'timestamptz'],
  ], coupons, (c) => [
    c.id, c.name, c.discountType, c.discountValue, c.discountType === 'amount' ? 'usd' : null, c.maxRedemptions,
    c.timesRedeemed, c.redeemBy === null ? null : iso(c.redeemBy), c.deletedAt === null ? null : iso(c.deletedAt), iso(c.createdAt),
  ]);
  await insertRows(tx, 'promotion_codes', [
    ['id', 'uuid'], ['coupon_id', 'uuid'], ['code', 'text'], ['active', 'boolean'], ['max_redemptions', 'int'], ['times_redeemed', 'int'],
    ['expires_at', 'timestamptz'], ['minimum_amount_cents', 'int'], ['once_per_customer', 'boolean'], ['created_at', 'timestamptz'],
  ], promotions, (p) => [
    p.id, p.coupon.id, p.code, p.active, p.maxRedemptions, p.timesRedeemed,
    p.expiresAt === null ? null : iso(p.expiresAt), p.minimumAmountCents, p.oncePerCustomer, iso(p.createdAt),
  ]);
}

/** A redemption per paid order that used a code, dated at its payment. */
export function writeRedemptions(tx: RawSql, redemptions: readonly DemoOrder[]): Promise<void> {
  return insertRows(tx, 'promotion_redemptions', [
    ['promotion_id', 'uuid'], ['coupon_id', 'uuid'], ['user_id', 'int'], ['order_id', 'int'], ['created_at', 'timestamptz'],
  ], redemptions, (o) => [o.promotion!.id, o.promotion!.coupon.id, o.user.id, o.id, iso(o.paidAt!)]);
}
