import { findPlanByLicenseType } from '@lbs/domain/catalogue';
import { toCents } from '@lbs/domain/money';
import { isAutoRenewableType, RENEWAL_GRACE_DAYS, RENEWAL_LEAD_DAYS, RENEWAL_RETRY_DAYS, renewalConsentWords, renewingLinesOf } from '@lbs/domain/renewals';
import { DAY, HOUR, iso, isoOrNull } from './clock';
import type { DemoLicense } from './licenses';
import type { DemoOrder } from './orders';
import { insertRows, nextIds, type RawSql } from './raw-sql';
import type { Rng } from './rng';

/*
 * Licences that recur (DESIGN §6.3), as checkout, the local pay page and the renewal job leave
 * them: some buyers of Monthly and Yearly keys ticked "Renew automatically" (the order and its
 * current keys renew, at the plan's price, with the consent recorded and the card they paid with
 * saved), and, when one such Monthly key ended within its grace, its renewal order is open with
 * its failed charges (the card saves but declines later), so the account area shows a renewal due.
 */

/** Share of the paid orders with Monthly or Yearly keys whose buyer chose automatic renewal. */
const RENEWING_SHARE = 0.35;

export interface DemoRenewals {
  /** Orders whose buyer ticked "Renew automatically", with their consent words. */
  orders: Array<{ order: DemoOrder; words: string }>;
  /** Their keys that renew (current, not revoked or suspended), with their order. */
  licenses: Array<{ license: DemoLicense; order: DemoOrder }>;
  /** Each renewing customer's saved card: the test number they paid with; it expires in December four years on, or at `expires`. */
  cards: Array<{ id: string; userId: number; number: string; brand: string; createdAt: number; expires?: { month: number; year: number } }>;
  /** A renewing Monthly key in grace: its term ended unpaid, its charges declined. */
  grace: { license: DemoLicense; cardId: string; priceCents: number; preparedAt: number; attempts: number[]; nextChargeAt: number | null } | null;
}

/** The consent words its checkout showed: the order's Monthly and Yearly lines, as the catalogue names them. */
const wordsOf = (order: DemoOrder) =>
  renewalConsentWords(
    renewingLinesOf(order.lines.map((l) => ({ name: l.product.name, licenseType: l.product.licenseType ?? null, unitPriceCents: l.unitPriceCents, quantity: l.quantity }))),
  );

/**
 * Marks the keys that renew (`license.renewal`), drawn after the refunds (a refunded key is revoked
 * and never renews). A key whose term already ended does not renew any more, except the one left in
 * grace: the most recently ended renewing Monthly key, if one ended within the grace days.
 */
export function planRenewals(rng: Rng, orders: readonly DemoOrder[], licenses: DemoLicense[], now: number): DemoRenewals {
  const byOrder = new Map<number, DemoLicense[]>();
  for (const l of licenses) byOrder.set(l.orderId, [...(byOrder.get(l.orderId) ?? []), l]);
  const eligible = (l: DemoLicense) => isAutoRenewableType(l.type) && l.revokedAt === null && l.suspendedAt === null;
  const candidates = orders.filter(
    (o) => o.paidAt !== null && o.cancelledAt === null && o.lines.some((l) => l.product.licenseType && isAutoRenewableType(l.product.licenseType)),
  );
  const chosen = new Set(candidates.filter(() => rng.chance(RENEWING_SHARE)));
  // The key left in grace: the Monthly key that ended last within the grace days (its buyer chose renewal).
  let grace: { license: DemoLicense; order: DemoOrder } | null = null;
  for (const order of candidates) {
    for (const license of byOrder.get(order.id) ?? []) {
      const endedInGrace = license.expiresAt > now - (RENEWAL_GRACE_DAYS - 1) * DAY && license.expiresAt < now - HOUR;
      if (license.type === 'month' && eligible(license) && endedInGrace && (!grace || license.expiresAt > grace.license.expiresAt)) grace = { license, order };
    }
  }
  if (grace) chosen.add(grace.order);

  const plan: DemoRenewals = { orders: [], licenses: [], cards: [], grace: null };
  const cardOf = new Map<number, DemoRenewals['cards'][number]>();
  for (const order of candidates) {
    if (!chosen.has(order)) continue;
    plan.orders.push({ order, words: wordsOf(order) });
    if (!cardOf.has(order.user.id)) {
      const card = rng.chance(0.8) ? { number: '4242424242424242', brand: 'Visa' } : { number: '5555555555554444', brand: 'Mastercard' };
      cardOf.set(order.user.id, { id: rng.uuid(), userId: order.user.id, ...card, createdAt: order.paidAt! });
    }
    for (const license of byOrder.get(order.id) ?? []) {
      // A key whose term ended has stopped renewing (grace ended, or it was turned off), but the one in grace.
      if (!eligible(license) || license.expiresAt <= now) continue;
      license.renewal = { priceCents: toCents(findPlanByLicenseType(license.type)!.price), toldAt: order.paidAt!, graceUntil: null };
      plan.licenses.push({ license, order });
    }
  }
  if (grace) {
    const { license, order } = grace;
    const priceCents = toCents(findPlanByLicenseType('month')!.price);
    const graceUntil = license.expiresAt + RENEWAL_GRACE_DAYS * DAY;
    license.renewal = { priceCents, toldAt: order.paidAt!, graceUntil };
    plan.licenses.push({ license, order });
    // Its holder's card saves but declines later (Stripe's 4000 0000 0000 0341): every charge failed.
    const card = cardOf.get(order.user.id)!;
    Object.assign(card, { number: '4000000000000341', brand: 'Visa' });
    const preparedAt = license.expiresAt - RENEWAL_LEAD_DAYS * DAY;
    const schedule = [0, ...RENEWAL_RETRY_DAYS].map((d) => preparedAt + d * DAY).filter((t) => t < graceUntil);
    const attempts = schedule.filter((t) => t <= now);
    plan.grace = { license, cardId: card.id, priceCents, preparedAt, attempts, nextChargeAt: schedule.find((t) => t > now) ?? null };
  }
  plan.cards = [...cardOf.values()];
  const expiring = expiringCard(plan, now);
  if (expiring) expiring.card.expires = expiring.expires;
  return plan;
}

/**
 * A card about to expire (issue 39): the card of the renewing customer (not the one in grace) whose
 * next renewal is furthest away expires at the end of this month (next month's if this one ends
 * within a day), so within about 30 days and before that renewal: Settings flags it, the expiry
 * mail job mails it once, and LICENSES shows it.
 */
function expiringCard(plan: DemoRenewals, now: number): { card: DemoRenewals['cards'][number]; expires: { month: number; year: number } } | null {
  const today = new Date(now);
  let month = today.getUTCMonth() + 1;
  let year = today.getUTCFullYear();
  // The card works through the last day of its month: the first instant after it.
  const endOf = (m: number, y: number) => Date.UTC(y, m, 1);
  if (endOf(month, year) - now < DAY) [month, year] = month === 12 ? [1, year + 1] : [month + 1, year];
  const ends = endOf(month, year);
  const graceUser = plan.grace?.license.userId;
  let best: { card: DemoRenewals['cards'][number]; next: number } | null = null;
  for (const { license } of plan.licenses) {
    if (license.userId === graceUser || license.expiresAt <= ends) continue;
    const card = plan.cards.find((c) => c.userId === license.userId);
    if (card && (!best || license.expiresAt > best.next)) best = { card, next: license.expiresAt };
  }
  return best ? { card: best.card, expires: { month, year } } : null;
}

/** The renewal rows: the orders' choice, saved cards, each key's consent, and the grace key's open renewal order and its charges. */
export async function writeRenewals(tx: RawSql, plan: DemoRenewals): Promise<void> {
  await tx.query(`update orders set renew_automatically = true where id = any($1::int[])`, [plan.orders.map((o) => o.order.id)]);
  await insertRows(tx, 'payment_methods', [
    ['id', 'uuid'], ['user_id', 'int'], ['provider', 'text'], ['provider_ref', 'text'], ['brand', 'text'], ['last4', 'text'],
    ['exp_month', 'int'], ['exp_year', 'int'], ['created_at', 'timestamptz'],
  ], plan.cards, (c) => [c.id, c.userId, 'local', c.number, c.brand, c.number.slice(-4), c.expires?.month ?? 12, c.expires?.year ?? new Date(c.createdAt).getUTCFullYear() + 4, iso(c.createdAt)]);
  const wordsOfOrder = new Map(plan.orders.map((o) => [o.order.id, o.words]));
  const choices = [
    ...plan.orders.map(({ order, words }) => ({ licenseId: null as string | null, order, words })),
    ...plan.licenses.map(({ license, order }) => ({ licenseId: license.id as string | null, order, words: wordsOfOrder.get(order.id)! })),
  ];
  await insertRows(tx, 'renewal_choices', [
    ['user_id', 'int'], ['license_id', 'uuid'], ['order_id', 'int'], ['auto_renew', 'boolean'], ['actor', 'text'], ['words', 'text'],
    ['language', 'text'], ['created_at', 'timestamptz'],
  ], choices, (c) => [c.order.user.id, c.licenseId, c.order.id, true, 'customer', c.words, 'en', iso(c.licenseId ? c.order.paidAt! : c.order.createdAt)]);
  if (plan.grace) await writeGraceRenewal(tx, plan.grace);
}

/** The open automatic renewal order of the key in grace (unique on the key and its term's end), its renewal line and its declined charges. */
async function writeGraceRenewal(tx: RawSql, grace: NonNullable<DemoRenewals['grace']>): Promise<void> {
  const { license, priceCents, preparedAt, attempts } = grace;
  const [orderId] = await nextIds(tx, 'orders', 1);
  const last = attempts.at(-1) ?? preparedAt;
  await tx.query(
    `insert into orders (id, user_id, email, status, payment_status, needs_shipping, subtotal_cents, shipping_cents, discount_cents,
       total_cents, currency, payment_provider, renewal_license_id, renewal_term_end, charge_attempts, next_charge_at, created_at, updated_at)
     values ($1, $2, $3, 'pending', 'unpaid', false, $4, 0, 0, $4, 'usd', 'local', $5, $6, $7, $8, $9, $10)`,
    [orderId, license.userId, license.email, priceCents, license.id, iso(license.expiresAt), attempts.length, isoOrNull(grace.nextChargeAt), iso(preparedAt), iso(last)],
  );
  await tx.query(
    `insert into order_lines (order_id, product_id, name, unit_price_cents, quantity, line_total_cents, renews_license_id)
     values ($1, $2, $3, $4, 1, $4, $5)`,
    [orderId, findPlanByLicenseType('month')!.id, findPlanByLicenseType('month')!.name, priceCents, license.id],
  );
  await insertRows(tx, 'renewal_charges', [
    ['id', 'text'], ['order_id', 'int'], ['attempt', 'int'], ['provider', 'text'], ['payment_method_id', 'uuid'], ['status', 'text'],
    ['amount_cents', 'int'], ['failure_code', 'text'], ['failure_message', 'text'], ['created_at', 'timestamptz'], ['settled_at', 'timestamptz'],
  ], attempts, (at, i) => [`${orderId}:${i + 1}`, orderId, i + 1, 'local', grace.cardId, 'failed', priceCents, 'card_declined', 'Your card was declined.', iso(at), iso(at)]);
}
