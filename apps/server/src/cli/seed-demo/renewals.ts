import crypto from 'node:crypto';
import { findPlanByLicenseType } from '@lbs/domain/catalogue';
import { formatDateTimeWithZone } from '@lbs/domain/dates';
import { formatLicenseKey, LICENSE_KEY_BYTES, purchasedLicenseExpiry, truncateKey } from '@lbs/domain/license-terms';
import { MSG } from '@lbs/domain/messages';
import { formatUsd, fromCents, toCents } from '@lbs/domain/money';
import { DEFAULT_DISPLAY_TIME_ZONE } from '@lbs/domain/preferences';
import { isAutoRenewableType, RENEWAL_GRACE_DAYS, RENEWAL_LEAD_DAYS, RENEWAL_RETRY_DAYS, renewalConsentWords, renewingLinesOf } from '@lbs/domain/renewals';
import { customerDate } from '../../modules/notifications/customer-date';
import { chargeFailureWords } from '../../modules/renewals/charge-failure-words';
import { localChargeIdOf } from '../../modules/renewals/local-card-charges';
import { DAY, HOUR, iso, isoOrNull } from './clock';
import type { DemoUser } from './customers';
import { lastCheckIn, type DemoLicense } from './licenses';
import type { DemoNotification } from './notifications';
import type { DemoOrder } from './orders';
import { insertRows, nextIds, type RawSql } from './raw-sql';
import type { Rng } from './rng';

/*
 * Licences that recur (DESIGN §6.3), as checkout, the local pay page and the renewal job leave
 * them: some buyers of Monthly and Yearly keys ticked "Renew automatically" (the order and its
 * current keys renew, at the plan's price, with the consent recorded and the card they paid with
 * saved), and, when one such Monthly key ended within its grace, its renewal order is open with
 * its failed charges (the card saves but declines later), so the account area shows a renewal due.
 * Their other keys whose term came due in the window were renewed by the job, term by term up to
 * now: each term one paid renewal order (decision 0021), charged RENEWAL_LEAD_DAYS before the
 * term's end, about one in five only on a retry day after one or two declines (recovered).
 */

/** Share of the paid orders with Monthly or Yearly keys whose buyer chose automatic renewal. */
const RENEWING_SHARE = 0.35;
/** Share of the automatic renewals paid only after one or two declined charges. */
const RECOVERED_SHARE = 0.2;

/** One charge of a paid automatic renewal: a local_payment_sessions row `lps_rc_…` named after the attempt `<order>:<n>`. */
export interface DemoRenewalCharge {
  attempt: number;
  at: number;
  status: 'failed' | 'succeeded';
  code: string | null;
}

/** An automatic renewal order the job wrote and its charges paid, as fulfilment leaves it (its id given by planShop). */
export interface DemoRenewalOrder {
  id: number;
  license: DemoLicense;
  user: DemoUser;
  cardId: string;
  /** The term's end E the order renews from (renewal_term_end), and the licence's new end, E + term. */
  termEnd: number;
  renewedUntil: number;
  priceCents: number;
  /** When the job prepared it (RENEWAL_LEAD_DAYS before E) and when the last charge paid it. */
  createdAt: number;
  paidAt: number;
  /** Oldest first: the declined ones, then the one that succeeded. */
  charges: DemoRenewalCharge[];
}

export interface DemoRenewals {
  /** Orders whose buyer ticked "Renew automatically", with their consent words. */
  orders: Array<{ order: DemoOrder; words: string }>;
  /** Their keys that renew (current, not revoked or suspended), with their order. */
  licenses: Array<{ license: DemoLicense; order: DemoOrder }>;
  /** Each renewing customer's saved card: the test number they paid with; it expires in December four years on, or at `expires`. */
  cards: Array<{ id: string; userId: number; number: string; brand: string; createdAt: number; expires?: { month: number; year: number } }>;
  /** A renewing Monthly key in grace: its term ended unpaid, its charges declined. */
  grace: { license: DemoLicense; cardId: string; priceCents: number; preparedAt: number; attempts: number[]; nextChargeAt: number | null } | null;
  /** The automatic renewals paid, oldest first (ids 0 until planShop numbers them). */
  paid: DemoRenewalOrder[];
}

export const NO_RENEWALS: DemoRenewals = Object.freeze({ orders: [], licenses: [], cards: [], grace: null, paid: [] }) as DemoRenewals;

/** The consent words its checkout showed: the order's Monthly and Yearly lines, as the catalogue names them. */
const wordsOf = (order: DemoOrder) =>
  renewalConsentWords(
    renewingLinesOf(order.lines.map((l) => ({ name: l.product.name, licenseType: l.product.licenseType ?? null, unitPriceCents: l.unitPriceCents, quantity: l.quantity }))),
  );

/**
 * Marks the keys that renew (`license.renewal`), drawn after the refunds (a refunded key is revoked
 * and never renews). A key whose renewal came due by `now` (its term ends within RENEWAL_LEAD_DAYS,
 * or ended) was renewed automatically, term by term, until it runs past now (`paid`); except the one
 * left in grace, the most recently ended renewing Monthly key if one ended within the grace days,
 * and the keys of its holder (whose card declines), which stop renewing once ended, as before.
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

  const plan: DemoRenewals = { orders: [], licenses: [], cards: [], grace: null, paid: [] };
  const cardOf = new Map<number, DemoRenewals['cards'][number]>();
  for (const order of candidates) {
    if (!chosen.has(order)) continue;
    plan.orders.push({ order, words: wordsOf(order) });
    if (!cardOf.has(order.user.id)) {
      const card = rng.chance(0.8) ? { number: '4242424242424242', brand: 'Visa' } : { number: '5555555555554444', brand: 'Mastercard' };
      cardOf.set(order.user.id, { id: rng.uuid(), userId: order.user.id, ...card, createdAt: order.paidAt! });
    }
    for (const license of byOrder.get(order.id) ?? []) {
      if (!eligible(license) || license === grace?.license) continue;
      const priceCents = toCents(findPlanByLicenseType(license.type)!.price);
      // The holder in grace: their card declines, so an ended key of theirs has stopped renewing.
      if (order.user.id === grace?.order.user.id) {
        if (license.expiresAt <= now) continue;
      } else {
        plan.paid.push(...renewTermByTerm(rng, { license, user: order.user, cardId: cardOf.get(order.user.id)!.id, priceCents }, now));
      }
      license.renewal = { priceCents, toldAt: order.paidAt!, graceUntil: null };
      plan.licenses.push({ license, order });
    }
  }
  plan.paid.sort((x, y) => x.createdAt - y.createdAt);
  if (grace) {
    const { license, order } = grace;
    const priceCents = toCents(findPlanByLicenseType('month')!.price);
    const graceUntil = license.expiresAt + RENEWAL_GRACE_DAYS * DAY;
    license.renewal = { priceCents, toldAt: order.paidAt!, graceUntil };
    plan.licenses.push({ license, order });
    // Its holder's card saves but declines later (Stripe's 4000 0000 0000 0341): every charge failed.
    const card = cardOf.get(order.user.id)!;
    Object.assign(card, { number: '4000000000000341', brand: 'Visa' });
    license.key ??= formatLicenseKey(crypto.randomBytes(LICENSE_KEY_BYTES));
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
 * The job's renewals of one key until it runs past `now`: for each term end E whose renewal was
 * prepared by now (E - RENEWAL_LEAD_DAYS, plus the job's few minutes), one order charged at once; one
 * in five is declined once or twice first and paid on the retry day (nextRetryAt's schedule, within
 * the grace). A recovery not yet reached by `now` is drawn with fewer declines. The licence ends at
 * E + term (renewFromTermEnd), and its booth checks in until then.
 */
function renewTermByTerm(
  rng: Rng,
  k: { license: DemoLicense; user: DemoUser; cardId: string; priceCents: number },
  now: number,
): DemoRenewalOrder[] {
  const { license } = k;
  const out: DemoRenewalOrder[] = [];
  for (;;) {
    const termEnd = license.expiresAt;
    const createdAt = Math.floor(termEnd - RENEWAL_LEAD_DAYS * DAY + rng.between(60_000, 15 * 60_000));
    const firstAt = createdAt + Math.floor(rng.between(1_000, 5_000));
    let declines = rng.chance(RECOVERED_SHARE) ? (rng.chance(0.6) ? 1 : 2) : 0;
    const jitter = Math.floor(rng.between(60_000, 15 * 60_000));
    const retryAt = (n: number) => firstAt + RENEWAL_RETRY_DAYS[n - 1]! * DAY + jitter;
    const settle = Math.floor(rng.between(1_000, 4_000));
    while (declines > 0 && retryAt(declines) + settle >= now) declines--;
    const paidAt = (declines === 0 ? firstAt : retryAt(declines)) + settle;
    if (paidAt >= now) break;
    const code = rng.chance(0.6) ? 'insufficient_funds' : 'card_declined';
    const charges: DemoRenewalCharge[] = [];
    for (let n = 1; n <= declines; n++) charges.push({ attempt: n, at: n === 1 ? firstAt : retryAt(n - 1), status: 'failed', code });
    charges.push({ attempt: declines + 1, at: declines === 0 ? firstAt : retryAt(declines), status: 'succeeded', code: null });
    const renewedUntil = purchasedLicenseExpiry(license.type, new Date(termEnd)).getTime();
    out.push({ id: 0, ...k, termEnd, renewedUntil, createdAt, paidAt, charges });
    license.expiresAt = renewedUntil;
  }
  if (out.length > 0) {
    license.renewedAt = out.at(-1)!.paidAt;
    // The key carries on: the booth keeps checking in (a key is needed now, for the order lines' names).
    license.key ??= formatLicenseKey(crypto.randomBytes(LICENSE_KEY_BYTES));
    if (license.deviceBoundAt !== null && license.revokedAt === null) license.lastValidatedAt = lastCheckIn(rng, license.deviceBoundAt, Math.min(license.expiresAt, now));
  }
  return out;
}

/** The renewal order's one line, as prepareRenewals names it. */
export const renewalLineName = (r: { license: DemoLicense }) => `${findPlanByLicenseType(r.license.type)!.name} (${MSG.renewalOf(truncateKey(r.license.key!))})`;

/** What tellRenewalChargeFailed tells the holder of a declined charge, with the next try scheduled from the first decline (nextRetryAt). */
function declinedNotification(
  r: { license: DemoLicense; priceCents: number },
  c: { at: number; code: string },
  nextTryAt: number | null,
  graceUntil: number,
): DemoNotification {
  const zone = DEFAULT_DISPLAY_TIME_ZONE;
  const day = (t: number) => customerDate(new Date(t), zone);
  const next = nextTryAt !== null ? `We will try again on ${day(nextTryAt)}.` : 'We will not try again by ourselves.';
  return {
    userId: r.license.userId,
    type: 'payment_failed',
    title: 'Your licence renewal payment did not go through',
    message: `${chargeFailureWords(c.code)} We could not charge ${formatUsd(fromCents(r.priceCents))} to renew your ${findPlanByLicenseType(r.license.type)!.name} ${truncateKey(r.license.key!)}. ${next} Your booth keeps working until ${day(graceUntil)}. Pay now or change your card under Licences in your account.`,
    createdAt: c.at,
  };
}

/**
 * What the customers were told of the paid renewals (notify-order-paid.ts, tell-renewal-news.ts): a
 * "License renewed" at payment, and each declined charge at once, with the next try and the grace.
 * The seeded customers keep the default time zone.
 */
export function renewalNotifications(plan: Pick<DemoRenewals, 'paid' | 'grace'>): DemoNotification[] {
  const zone = DEFAULT_DISPLAY_TIME_ZONE;
  const out: DemoNotification[] = [];
  const nextTry = (first: number, i: number, graceUntil: number) => {
    const at = first + (RENEWAL_RETRY_DAYS[i] ?? Infinity) * DAY;
    return at < graceUntil ? at : null;
  };
  for (const r of plan.paid) {
    const key = truncateKey(r.license.key!);
    const planName = findPlanByLicenseType(r.license.type)!.name;
    const graceUntil = r.termEnd + RENEWAL_GRACE_DAYS * DAY;
    r.charges.forEach((c, i) => {
      if (c.status === 'failed') out.push(declinedNotification(r, { at: c.at, code: c.code! }, nextTry(r.charges[0]!.at, i, graceUntil), graceUntil));
    });
    out.push({
      userId: r.user.id,
      type: 'license_purchase',
      title: 'License renewed',
      message: `Order #${r.id}: your ${planName} key ${key} is renewed until ${formatDateTimeWithZone(new Date(r.renewedUntil), zone)}. Same key, same device: nothing to re-activate.`,
      createdAt: r.paidAt,
    });
  }
  const grace = plan.grace;
  if (grace) {
    const graceUntil = grace.license.renewal!.graceUntil!;
    grace.attempts.forEach((at, i) => out.push(declinedNotification(grace, { at, code: 'card_declined' }, nextTry(grace.attempts[0]!, i, graceUntil), graceUntil)));
  }
  return out;
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
  await writePaidRenewals(tx, plan.paid);
}

/**
 * The paid automatic renewals as the job and fulfilment leave them on the local provider: the order
 * (paid under its last charge's session, delivered, nothing more scheduled), its renewal line, each
 * attempt with its charge (a local_payment_sessions row `lps_rc_…`, failed or paid) and the
 * fulfilment event. Their invoices are numbered with the other paid orders (writeInvoices).
 */
async function writePaidRenewals(tx: RawSql, paid: readonly DemoRenewalOrder[]): Promise<void> {
  if (paid.length === 0) return;
  const chargeIdOf = (r: DemoRenewalOrder, c: DemoRenewalCharge) => localChargeIdOf(`${r.id}:${c.attempt}`);
  const paidBy = (r: DemoRenewalOrder) => chargeIdOf(r, r.charges.at(-1)!);
  await insertRows(tx, 'orders', [
    ['id', 'int'], ['user_id', 'int'], ['email', 'text'], ['status', 'text'], ['payment_status', 'text'], ['needs_shipping', 'boolean'],
    ['subtotal_cents', 'int'], ['shipping_cents', 'int'], ['discount_cents', 'int'], ['total_cents', 'int'], ['currency', 'text'],
    ['payment_provider', 'text'], ['payment_session_id', 'text'], ['paid_at', 'timestamptz'], ['renewal_license_id', 'uuid'],
    ['renewal_term_end', 'timestamptz'], ['charge_attempts', 'int'], ['next_charge_at', 'timestamptz'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'],
  ], paid, (r) => [
    r.id, r.user.id, r.user.email, 'delivered', 'paid', false, r.priceCents, 0, 0, r.priceCents, 'usd',
    'local', paidBy(r), iso(r.paidAt), r.license.id, iso(r.termEnd), r.charges.length, null, iso(r.createdAt), iso(r.paidAt),
  ]);
  await insertRows(tx, 'order_lines', [
    ['order_id', 'int'], ['product_id', 'int'], ['name', 'text'], ['unit_price_cents', 'int'], ['quantity', 'int'], ['line_total_cents', 'int'], ['renews_license_id', 'uuid'],
  ], paid, (r) => [r.id, findPlanByLicenseType(r.license.type)!.id, renewalLineName(r), r.priceCents, 1, r.priceCents, r.license.id]);
  const charges = paid.flatMap((r) => r.charges.map((c) => ({ r, c })));
  await insertRows(tx, 'local_payment_sessions', [
    ['id', 'text'], ['order_id', 'int'], ['amount_cents', 'int'], ['currency', 'text'], ['status', 'text'], ['created_at', 'timestamptz'], ['completed_at', 'timestamptz'],
  ], charges, ({ r, c }) => [chargeIdOf(r, c), r.id, r.priceCents, 'usd', c.status === 'succeeded' ? 'paid' : 'failed', iso(c.at), iso(c.at)]);
  await insertRows(tx, 'renewal_charges', [
    ['id', 'text'], ['order_id', 'int'], ['attempt', 'int'], ['provider', 'text'], ['payment_method_id', 'uuid'], ['status', 'text'], ['amount_cents', 'int'],
    ['failure_code', 'text'], ['failure_message', 'text'], ['provider_charge_id', 'text'], ['created_at', 'timestamptz'], ['settled_at', 'timestamptz'],
  ], charges, ({ r, c }) => [
    `${r.id}:${c.attempt}`, r.id, c.attempt, 'local', r.cardId, c.status, r.priceCents, c.code, c.code === null ? null : chargeFailureWords(c.code),
    chargeIdOf(r, c), iso(c.at), iso(c.status === 'succeeded' ? r.paidAt : c.at),
  ]);
  await insertRows(tx, 'payment_events', [['id', 'text'], ['provider', 'text'], ['type', 'text'], ['received_at', 'timestamptz']],
    paid, (r) => [`fulfil:local:${paidBy(r)}`, 'local', 'fulfilment', iso(r.paidAt)]);
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
    [orderId, findPlanByLicenseType('month')!.id, renewalLineName(grace), priceCents, license.id],
  );
  // Each charge the local provider declined: a failed local_payment_sessions row named after the attempt.
  await insertRows(tx, 'local_payment_sessions', [
    ['id', 'text'], ['order_id', 'int'], ['amount_cents', 'int'], ['currency', 'text'], ['status', 'text'], ['created_at', 'timestamptz'], ['completed_at', 'timestamptz'],
  ], attempts, (at, i) => [localChargeIdOf(`${orderId}:${i + 1}`), orderId, priceCents, 'usd', 'failed', iso(at), iso(at)]);
  await insertRows(tx, 'renewal_charges', [
    ['id', 'text'], ['order_id', 'int'], ['attempt', 'int'], ['provider', 'text'], ['payment_method_id', 'uuid'], ['status', 'text'],
    ['amount_cents', 'int'], ['failure_code', 'text'], ['failure_message', 'text'], ['provider_charge_id', 'text'], ['created_at', 'timestamptz'], ['settled_at', 'timestamptz'],
  ], attempts, (at, i) => [
    `${orderId}:${i + 1}`, orderId, i + 1, 'local', grace.cardId, 'failed', priceCents, 'card_declined', chargeFailureWords('card_declined'),
    localChargeIdOf(`${orderId}:${i + 1}`), iso(at), iso(at),
  ]);
}
