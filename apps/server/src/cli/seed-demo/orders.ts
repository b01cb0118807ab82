import { CATALOGUE, type CatalogueProduct } from '@lbs/domain/catalogue';
import { toCents } from '@lbs/domain/money';
import { computeDiscount, type Coupon } from '@lbs/domain/promo';
import type { PaymentStatus } from '@lbs/domain/refunds';
import { computeShippingFee, zoneForCountry } from '@lbs/domain/shipping';
import { CARRIERS, ORDER_HOUR_WEIGHTS } from './word-lists';
import { DAY, dayOfWeekSgt, HOUR, SGT_OFFSET, sgtMidnightOf, timeOnDay } from './clock';
import { promotionUsable, type DemoPromotion } from './coupons';
import type { DemoUser } from './customers';
import { BASE64URL, cumulative, type Rng } from './rng';

// Orders, with everything fulfilment leaves behind

export interface DemoLine {
  product: CatalogueProduct;
  unitPriceCents: number;
  quantity: number;
}

export interface DemoOrder {
  id: number;
  user: DemoUser;
  lines: DemoLine[];
  needsShipping: boolean;
  shippingInfo: Record<string, string> | null;
  subtotalCents: number;
  shippingCents: number;
  discountCents: number;
  totalCents: number;
  promotion: DemoPromotion | null;
  sessionId: string;
  /** paid, then partially_refunded / refunded by planRefunds (paid_at stays); failed: never paid. */
  paymentStatus: Extract<PaymentStatus, 'paid' | 'partially_refunded' | 'refunded' | 'failed'>;
  /** The sum of its succeeded refunds. */
  refundedCents: number;
  /** A paid licence-only order cancelled by refunding it in full. */
  cancelledAt: number | null;
  cancelReason: string | null;
  /** A failed payment the provider declined (the customer is told), not a cancelled checkout. */
  declined: boolean;
  status: 'pending' | 'processing' | 'shipped' | 'delivered';
  createdAt: number;
  paidAt: number | null;
  settledAt: number;
  updatedAt: number;
  tracking: { carrier: string; trackNum: string; trackUrl: string; estimateDate: string } | null;
  /** The admin's status changes after payment, oldest first (each one an audit row). */
  history: Array<{ status: 'processing' | 'shipped' | 'delivered'; at: number }>;
}

const PRODUCTS = new Map(CATALOGUE.map((p) => [p.key, p]));
const product = (key: string) => PRODUCTS.get(key)!;
const ACCESSORIES = CATALOGUE.filter((p) => p.kind === 'accessory');

function pickBasket(rng: Rng): DemoLine[] {
  const line = (key: string, quantity = 1): DemoLine => {
    const p = product(key);
    return { product: p, unitPriceCents: toCents(p.price), quantity };
  };
  const licenseQty = () => (rng.chance(0.1) ? 2 + rng.int(3) : 1);
  const license = () => {
    const r = rng.next();
    return line(r < 0.4 ? 'daily_license' : r < 0.82 ? 'monthly_license' : 'yearly_license', licenseQty());
  };
  const accessories = () => {
    const picked = ACCESSORIES.filter(() => rng.chance(0.45));
    const chosen = picked.length ? picked : [rng.pick(ACCESSORIES)];
    return chosen.map((p) => line(p.key, 1 + (rng.chance(0.35) ? rng.int(5) : 0)));
  };
  const r = rng.next();
  if (r < 0.58) return [license()];
  if (r < 0.68) return [line('one_time_setup'), ...(rng.chance(0.3) ? accessories() : [])];
  if (r < 0.88) return accessories();
  return [license(), ...accessories()];
}

function shippingAddress(rng: Rng, user: Omit<DemoUser, 'id'> | DemoUser) {
  const country = user.country;
  const city = rng.pick(country.cities);
  const zip = city.fixedZips
    ? rng.pick(city.fixedZips)
    : city.zipPrefix + rng.chars('0123456789', city.zipLength - city.zipPrefix.length);
  const unit = `${String(2 + rng.int(20)).padStart(2, '0')}-${String(1 + rng.int(300)).padStart(2, '0')}`;
  return {
    name: `${user.firstName} ${user.lastName}`,
    email: user.email,
    address: country.address(1 + rng.int(400), rng.pick(country.streets), unit),
    city: city.city,
    state: city.state,
    zip,
    country: country.code,
  };
}

type OrderDraft = Omit<DemoOrder, 'id'>;

/** The orders of the window, oldest first; their ids are given when they are written. */
export function generateOrders(
  rng: Rng,
  opts: { count: number; now: number; windowStart: number; users: DemoUser[]; promotions: DemoPromotion[] },
): OrderDraft[] {
  const { now, users, promotions } = opts;
  const times = orderTimes(rng, opts);
  const userCreated = users.map((u) => u.createdAt);
  const usedBy = new Set<string>();

  const orders: OrderDraft[] = [];
  for (const createdAt of times) {
    const user = pickCustomer(rng, users, userCreated, createdAt);
    if (user === null) continue;
    const lines = pickBasket(rng);
    const subtotalCents = lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
    const needsShipping = lines.some((l) => l.product.shippable);
    const shippingInfo = needsShipping ? shippingAddress(rng, user) : null;
    const shippingCents = shippingInfo
      ? toCents(computeShippingFee(shippingInfo.country, lines.map((l) => ({ product_id: l.product.id, quantity: l.quantity }))))
      : 0;
    const failed = rng.chance(0.05);
    const { promotion, discountCents } = applyPromotion(rng, { lines, subtotalCents, createdAt, user, failed, promotions, usedBy });
    const totalCents = Math.max(0, subtotalCents + shippingCents - discountCents);
    const paidAt = failed ? null : createdAt + Math.floor(rng.between(25_000, 6 * 60_000));
    const settledAt = paidAt ?? createdAt + Math.floor(rng.between(60_000, 30 * 60_000));
    const progress = fulfilmentProgress(rng, { paidAt, settledAt, shippingInfo: needsShipping ? shippingInfo : null, now });

    orders.push({
      user,
      lines,
      needsShipping,
      shippingInfo,
      subtotalCents,
      shippingCents,
      discountCents,
      totalCents,
      promotion,
      sessionId: `lps_${rng.chars(BASE64URL, 43)}`,
      paymentStatus: failed ? 'failed' : 'paid',
      refundedCents: 0,
      cancelledAt: null,
      cancelReason: null,
      declined: failed && rng.chance(0.5),
      status: progress.status,
      createdAt,
      paidAt,
      settledAt,
      updatedAt: Math.floor(progress.updatedAt),
      tracking: progress.tracking,
      history: progress.history,
    });
  }
  return orders;
}

/** When the orders were placed, ascending: more on weekdays and, as the shop grows, lately. */
function orderTimes(rng: Rng, opts: { count: number; now: number; windowStart: number }): number[] {
  const { now, windowStart } = opts;
  // Day buckets start at Singapore midnight, the shop's business day.
  const firstDay = sgtMidnightOf(windowStart);
  const dayCount = Math.ceil((now - firstDay) / DAY);
  const dayWeights = cumulative(
    Array.from({ length: dayCount }, (_, i) => {
      const dow = dayOfWeekSgt(firstDay + i * DAY + 12 * HOUR);
      const weekday = dow === 0 ? 0.6 : dow === 6 ? 0.75 : 1;
      // A growing shop: the end of the window sells about half again as much as its start.
      return weekday * (1 + (0.5 * i) / dayCount) * rng.between(0.75, 1.25);
    }),
  );
  const hourWeights = cumulative(ORDER_HOUR_WEIGHTS);
  const times: number[] = [];
  while (times.length < opts.count) {
    const t = timeOnDay(rng, firstDay + rng.weighted(dayWeights) * DAY, 0, hourWeights);
    if (t >= windowStart && t < now - 5 * 60_000) times.push(t);
  }
  return times.sort((x, y) => x - y);
}

/** A customer who had signed up an hour before `createdAt` (none yet: null); older accounts buy a little more often. */
function pickCustomer(rng: Rng, users: DemoUser[], userCreated: number[], createdAt: number): DemoUser | null {
  let known = 0;
  let hi = userCreated.length;
  while (known < hi) {
    const mid = (known + hi) >> 1;
    if (userCreated[mid]! < createdAt - HOUR) known = mid + 1;
    else hi = mid;
  }
  if (known === 0) return null;
  return users[Math.floor(known * Math.pow(rng.next(), 0.85))]!;
}

/** One licence order in five tries a code the checkout would take then; a paid order keeps its use. */
function applyPromotion(
  rng: Rng,
  o: { lines: DemoLine[]; subtotalCents: number; createdAt: number; user: DemoUser; failed: boolean; promotions: DemoPromotion[]; usedBy: Set<string> },
): { promotion: DemoPromotion | null; discountCents: number } {
  const hasLicense = o.lines.some((l) => l.product.kind === 'license');
  if (!hasLicense || !rng.chance(0.2)) return { promotion: null, discountCents: 0 };
  const usable = o.promotions.filter((p) => promotionUsable(p, o.createdAt, o.subtotalCents, o.usedBy, o.user.id));
  if (!usable.length) return { promotion: null, discountCents: 0 };
  const promotion = rng.pick(usable);
  const coupon: Coupon =
    promotion.coupon.discountType === 'percent'
      ? { percent_off: promotion.coupon.discountValue, amount_off: null }
      : { percent_off: null, amount_off: promotion.coupon.discountValue };
  const priced = o.lines.map((l) => ({ product_id: l.product.id, price: l.unitPriceCents / 100, quantity: l.quantity }));
  const discountCents = toCents(computeDiscount(priced, coupon));
  if (!o.failed) {
    // A failed payment gave its reserved use back; a paid one keeps it.
    promotion.timesRedeemed++;
    promotion.coupon.timesRedeemed++;
    o.usedBy.add(`${promotion.id}:${o.user.id}`);
  }
  return { promotion, discountCents };
}

/**
 * Where the warehouse had got with a paid order by `now`: a licence-only order is delivered at
 * payment; a parcel moves to processing, shipped (with tracking) and delivered, each step an admin's
 * status change.
 */
function fulfilmentProgress(
  rng: Rng,
  o: { paidAt: number | null; settledAt: number; shippingInfo: { country: string } | null; now: number },
): Pick<DemoOrder, 'status' | 'updatedAt' | 'tracking' | 'history'> {
  const { paidAt, shippingInfo, now } = o;
  let status: DemoOrder['status'] = 'pending';
  let updatedAt = o.settledAt;
  let tracking: DemoOrder['tracking'] = null;
  const history: DemoOrder['history'] = [];
  if (paidAt !== null && !shippingInfo) status = 'delivered';
  if (paidAt !== null && shippingInfo) {
    const zone = zoneForCountry(shippingInfo.country);
    const processingAt = paidAt + rng.between(2 * HOUR, 26 * HOUR);
    const shippedAt = processingAt + rng.between(12 * HOUR, 48 * HOUR);
    const transitDays = zone === 'SG' ? rng.between(1, 2.5) : zone === 'SEA' ? rng.between(3, 6) : rng.between(5, 10);
    const deliveredAt = shippedAt + transitDays * DAY;
    if (processingAt <= now) {
      [status, updatedAt] = ['processing', processingAt];
      history.push({ status, at: Math.floor(processingAt) });
    }
    if (shippedAt <= now) {
      [status, updatedAt] = ['shipped', shippedAt];
      history.push({ status, at: Math.floor(shippedAt) });
      const carrier = rng.pick(CARRIERS[zone]);
      const trackNum = carrier.trackNum((n) => rng.digits(n));
      const estimate = new Date(shippedAt + Math.ceil(transitDays + 1) * DAY + SGT_OFFSET).toISOString().slice(0, 10);
      tracking = { carrier: carrier.name, trackNum, trackUrl: carrier.trackUrl(trackNum), estimateDate: estimate };
    }
    // A few parcels are never marked delivered by the warehouse.
    if (deliveredAt <= now && rng.chance(0.93)) {
      [status, updatedAt] = ['delivered', deliveredAt];
      history.push({ status, at: Math.floor(deliveredAt) });
    }
  }
  return { status, updatedAt, tracking, history };
}
