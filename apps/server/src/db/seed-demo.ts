import crypto from 'node:crypto';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import { CATALOGUE, type CatalogueProduct, type LicenseType } from '@lbs/domain/catalogue';
import { formatLicenseKey, LICENSE_KEY_BYTES, purchasedLicenseExpiry } from '@lbs/domain/license-terms';
import { formatUsd, fromCents, toCents } from '@lbs/domain/money';
import { computeDiscount, type Coupon } from '@lbs/domain/promo';
import { computeShippingFee, zoneForCountry } from '@lbs/domain/shipping';
import type { Database } from './client';
import { seedCatalogue } from './seed';
import {
  CARRIERS,
  COUNTRIES,
  ERROR_MESSAGES,
  EVENT_HOUR_WEIGHTS,
  FILE_TYPES,
  ORDER_HOUR_WEIGHTS,
  type CountryProfile,
} from './seed-demo-data';
import { hashPassword } from '../lib/password';
import { FIRST_INVOICE_NO } from '../modules/invoices/issue-invoice';

/**
 * `npm run seed:demo`: a realistic shop for benchmarks, screenshots and trying the back office.
 * Every row is written as the app itself would have written it (the same order totals, invoice
 * numbers from the same counter, licence terms, notification texts and payment-session rows), in
 * batched `INSERT … SELECT FROM unnest($1::type[], …)` statements: a handful of parameters per
 * thousands of rows, on PGlite and PostgreSQL alike.
 *
 * Demo customers live under DEMO_EMAIL_DOMAIN (reserved, never deliverable) and share one
 * password, so that anyone can sign in as any of them. A second run on the same database is
 * refused unless `force` is given, which appends another batch beside the first.
 */

export const DEMO_EMAIL_DOMAIN = 'demo.example.com';
export const DEMO_ADMIN_EMAIL = `admin@${DEMO_EMAIL_DOMAIN}`;
/** Every demo account's password (printed by the CLI); it meets the sign-up password rule. */
export const DEMO_PASSWORD = 'Demo-Booth-2025!';

export interface DemoShopOptions {
  users: number;
  orders: number;
  events: number;
  /** Orders, licences and events fall in the last `days` days; sign-ups spread over 3 years. */
  days: number;
  seed: number;
  /** The end of the window; fixed in tests so that two runs give the same rows. */
  now: Date;
  /** Append another batch to a database that already holds demo data. */
  force: boolean;
}

export const DEFAULT_DEMO_OPTIONS: Omit<DemoShopOptions, 'now'> = Object.freeze({
  users: 200,
  orders: 600,
  events: 20_000,
  days: 90,
  seed: 1,
  force: false,
});

export interface DemoShopResult {
  users: number;
  orders: number;
  paidOrders: number;
  invoices: { count: number; first: number | null; last: number | null };
  licenses: number;
  coupons: number;
  promotionCodes: number;
  redemptions: number;
  notifications: number;
  events: number;
  /** Milliseconds per phase, in the order they ran. */
  timings: Array<[phase: string, ms: number]>;
}

export class DemoDataPresentError extends Error {
  constructor(count: number) {
    super(
      `This database already holds demo data (${count} accounts @${DEMO_EMAIL_DOMAIN}). ` +
        'Run again with --force to append another batch, or seed a fresh database.',
    );
    this.name = 'DemoDataPresentError';
  }
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;
const SGT_OFFSET = 8 * HOUR;

// ---------------------------------------------------------------------------------------------
// Deterministic randomness: sfc32 seeded through splitmix32, one stream per phase, so that asking
// for more events does not change the customers or the orders.

export interface Rng {
  /** [0, 1) */
  next(): number;
  int(maxExclusive: number): number;
  between(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Index drawn with the given cumulative weights (see cumulative()). */
  weighted(cumulativeWeights: Float64Array): number;
  digits(n: number): string;
  chars(alphabet: string, n: number): string;
  uuid(): string;
}

export function createRng(...seedParts: Array<number | string>): Rng {
  let h = 0x9e3779b9;
  for (const part of seedParts) {
    const text = String(part);
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x85ebca6b) ^ (h >>> 13);
    h = Math.imul(h ^ 0x2c, 0xc2b2ae35);
  }
  const splitmix = () => {
    h = (h + 0x9e3779b9) | 0;
    let z = h;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return (z ^ (z >>> 15)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  const rng: Rng = {
    next,
    int: (max) => Math.floor(next() * max),
    between: (min, max) => min + next() * (max - min),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)]!,
    weighted: (cum) => {
      const target = next() * cum[cum.length - 1]!;
      let lo = 0;
      let hi = cum.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cum[mid]! > target) hi = mid;
        else lo = mid + 1;
      }
      return lo;
    },
    digits: (n) => {
      let out = String(1 + Math.floor(next() * 9));
      while (out.length < n) out += Math.floor(next() * 10);
      return out;
    },
    chars: (alphabet, n) => {
      let out = '';
      for (let i = 0; i < n; i++) out += alphabet[Math.floor(next() * alphabet.length)];
      return out;
    },
    uuid: () => {
      const hex = rng.chars('0123456789abcdef', 32);
      const variant = '89ab'[Math.floor(next() * 4)];
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20)}`;
    },
  };
  return rng;
}

export function cumulative(weights: readonly number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => {
    sum += Math.max(0, w);
    out[i] = sum;
  });
  return out;
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const slug = (name: string) => name.toLowerCase().normalize('NFD').replace(/[^a-z]/g, '');

// ---------------------------------------------------------------------------------------------
// Raw batched SQL on whichever driver is open

interface RawSql {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
}

function rawSql(database: Database): RawSql & { transaction<T>(fn: (q: RawSql) => Promise<T>): Promise<T> } {
  const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (database.driver === 'postgres') {
    const pool = client as pg.Pool;
    return {
      query: async (text, params) => (await pool.query(text, params)).rows,
      transaction: async (fn) => {
        const conn = await pool.connect();
        try {
          await conn.query('begin');
          const result = await fn({ query: async (text, params) => (await conn.query(text, params)).rows });
          await conn.query('commit');
          return result;
        } catch (err) {
          await conn.query('rollback').catch(() => {});
          throw err;
        } finally {
          conn.release();
        }
      },
    };
  }
  const lite = client as PGlite;
  const wrap = (q: PGlite | Transaction): RawSql => ({
    query: async <R>(text: string, params?: unknown[]) => (await q.query<R>(text, params)).rows,
  });
  return { ...wrap(lite), transaction: (fn) => lite.transaction((tx) => fn(wrap(tx))) };
}

type Column = readonly [name: string, type: string];

/**
 * INSERT … SELECT FROM unnest(): one array parameter per column, so a statement carries
 * thousands of rows with a handful of parameters (a VALUES list is capped at 65,535 of them).
 * jsonb travels as text and is cast, since an array of JSON documents is awkward to bind.
 */
async function insertRows<T>(
  q: RawSql,
  table: string,
  columns: readonly Column[],
  items: readonly T[],
  toRow: (item: T, index: number) => unknown[],
): Promise<void> {
  if (items.length === 0) return;
  const names = columns.map(([name]) => name).join(', ');
  const params = columns.map(([, type], i) => `$${i + 1}::${type === 'jsonb' ? 'text' : type}[]`).join(', ');
  const select = columns.map(([name, type]) => (type === 'jsonb' ? `${name}::jsonb` : name)).join(', ');
  const text = `insert into ${table} (${names}) select ${select} from unnest(${params}) as u(${names})`;
  // Rows are built one batch at a time, so a million of them never sit in memory at once.
  for (let start = 0; start < items.length; start += INSERT_BATCH) {
    const slice = items.slice(start, start + INSERT_BATCH).map((item, i) => toRow(item, start + i));
    await q.query(text, columns.map((_, c) => slice.map((row) => row[c] ?? null)));
  }
}
const INSERT_BATCH = 20_000;

const iso = (ms: number) => new Date(ms).toISOString();

async function nextIds(q: RawSql, table: string, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await q.query<{ id: number }>(
    `select nextval(pg_get_serial_sequence('${table}', 'id'))::int as id from generate_series(1, $1::int)`,
    [count],
  );
  return rows.map((r) => Number(r.id)).sort((x, y) => x - y);
}

// ---------------------------------------------------------------------------------------------
// The model, generated in memory before anything is written

interface DemoUser {
  id: number;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  createdAt: number;
  country: CountryProfile;
  devices: string[];
}

interface DemoCoupon {
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

interface DemoPromotion {
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

interface DemoLine {
  product: CatalogueProduct;
  unitPriceCents: number;
  quantity: number;
}

interface DemoLicense {
  id: string;
  type: LicenseType;
  name: string;
  userId: number;
  orderId: number;
  email: string;
  startAt: number;
  expiresAt: number;
  deviceId: string | null;
  deviceBoundAt: number | null;
  lastValidatedAt: number | null;
  revokedAt: number | null;
  /** Wall-clock offset of the booth, for the hours it works. */
  utcOffsetHours: number;
}

interface DemoNotification {
  userId: number;
  type: string;
  title: string;
  message: string;
  createdAt: number;
}

interface DemoOrder {
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
  paymentStatus: 'paid' | 'failed';
  /** A failed payment the provider declined (the customer is told), not a cancelled checkout. */
  declined: boolean;
  status: 'pending' | 'processing' | 'shipped' | 'delivered';
  createdAt: number;
  paidAt: number | null;
  settledAt: number;
  updatedAt: number;
  tracking: { carrier: string; trackNum: string; trackUrl: string; estimateDate: string } | null;
}

const PRODUCTS = new Map(CATALOGUE.map((p) => [p.key, p]));
const product = (key: string) => PRODUCTS.get(key)!;
const ACCESSORIES = CATALOGUE.filter((p) => p.kind === 'accessory');

function generateUsers(rng: Rng, count: number, offset: number, now: number, windowStart: number): Omit<DemoUser, 'id'>[] {
  const countryWeights = cumulative(COUNTRIES.map((c) => c.weight));
  const users: Omit<DemoUser, 'id'>[] = [];
  for (let i = 0; i < count; i++) {
    const country = COUNTRIES[rng.weighted(countryWeights)]!;
    const group = rng.pick(country.names);
    const firstName = rng.pick(group.first);
    const lastName = rng.pick(group.last);
    const n = offset + i + 1;
    // A quarter signed up inside the window; the rest over the three years before, more of them lately.
    const createdAt = rng.chance(0.25)
      ? rng.between(windowStart, now - HOUR)
      : windowStart - (3 * YEAR - (now - windowStart)) * Math.pow(rng.next(), 1.6);
    const deviceCount = 1 + (rng.chance(0.3) ? 1 : 0) + (rng.chance(0.1) ? 1 : 0);
    users.push({
      email: `${slug(firstName)}.${slug(lastName)}.${n}@${DEMO_EMAIL_DOMAIN}`,
      username: `${slug(firstName)}_${slug(lastName)}${rng.chance(0.4) ? rng.int(100) : ''}`,
      firstName,
      lastName,
      createdAt: Math.floor(createdAt),
      country,
      devices: Array.from({ length: deviceCount }, () => rng.uuid()),
    });
  }
  return users.sort((x, y) => x.createdAt - y.createdAt);
}

function generateCoupons(rng: Rng, windowStart: number, now: number, suffix: string) {
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
function promotionUsable(p: DemoPromotion, t: number, itemsCents: number, usedBy: Set<string>, userId: number): boolean {
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

/**
 * A time on the Singapore day starting at `sgtDayStart`, at an hour drawn from a wall-clock
 * profile of a place `hoursAheadOfSgt` ahead of Singapore (Jakarta: -1).
 */
function timeOnDay(rng: Rng, sgtDayStart: number, hoursAheadOfSgt: number, hourWeights: Float64Array): number {
  const hour = rng.weighted(hourWeights);
  return sgtDayStart - hoursAheadOfSgt * HOUR + hour * HOUR + Math.floor(rng.next() * HOUR);
}

const dayOfWeekSgt = (t: number) => new Date(t + SGT_OFFSET).getUTCDay();

// ---------------------------------------------------------------------------------------------
// Orders, with everything fulfilment leaves behind

function generateOrders(
  rng: Rng,
  opts: { count: number; now: number; windowStart: number; users: DemoUser[]; promotions: DemoPromotion[] },
) {
  const { now, windowStart, users, promotions } = opts;
  // Day buckets start at Singapore midnight, the shop's business day.
  const firstDay = Math.floor((windowStart + SGT_OFFSET) / DAY) * DAY - SGT_OFFSET;
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
  const userCreated = users.map((u) => u.createdAt);
  const usedBy = new Set<string>();

  const times: number[] = [];
  while (times.length < opts.count) {
    const t = timeOnDay(rng, firstDay + rng.weighted(dayWeights) * DAY, 0, hourWeights);
    if (t >= windowStart && t < now - 5 * 60_000) times.push(t);
  }
  times.sort((x, y) => x - y);

  const orders: Omit<DemoOrder, 'id'>[] = [];
  for (const createdAt of times) {
    // Customers who had signed up by then; older accounts buy a little more often.
    let known = 0;
    let hi = userCreated.length;
    while (known < hi) {
      const mid = (known + hi) >> 1;
      if (userCreated[mid]! < createdAt - HOUR) known = mid + 1;
      else hi = mid;
    }
    if (known === 0) continue;
    const user = users[Math.floor(known * Math.pow(rng.next(), 0.85))]!;
    const lines = pickBasket(rng);
    const subtotalCents = lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0);
    const needsShipping = lines.some((l) => l.product.shippable);
    const shippingInfo = needsShipping ? shippingAddress(rng, user) : null;
    const shippingCents = shippingInfo
      ? toCents(computeShippingFee(shippingInfo.country, lines.map((l) => ({ product_id: l.product.id, quantity: l.quantity }))))
      : 0;
    const failed = rng.chance(0.05);

    let promotion: DemoPromotion | null = null;
    let discountCents = 0;
    const hasLicense = lines.some((l) => l.product.kind === 'license');
    if (hasLicense && rng.chance(0.2)) {
      const usable = promotions.filter((p) => promotionUsable(p, createdAt, subtotalCents, usedBy, user.id));
      if (usable.length) {
        promotion = rng.pick(usable);
        const coupon: Coupon =
          promotion.coupon.discountType === 'percent'
            ? { percent_off: promotion.coupon.discountValue, amount_off: null }
            : { percent_off: null, amount_off: promotion.coupon.discountValue };
        const priced = lines.map((l) => ({ product_id: l.product.id, price: l.unitPriceCents / 100, quantity: l.quantity }));
        discountCents = toCents(computeDiscount(priced, coupon));
        if (!failed) {
          // A failed payment gave its reserved use back; a paid one keeps it.
          promotion.timesRedeemed++;
          promotion.coupon.timesRedeemed++;
          usedBy.add(`${promotion.id}:${user.id}`);
        }
      }
    }
    const totalCents = Math.max(0, subtotalCents + shippingCents - discountCents);
    const paidAt = failed ? null : createdAt + Math.floor(rng.between(25_000, 6 * 60_000));
    const settledAt = paidAt ?? createdAt + Math.floor(rng.between(60_000, 30 * 60_000));

    let status: DemoOrder['status'] = 'pending';
    let updatedAt = settledAt;
    let tracking: DemoOrder['tracking'] = null;
    if (paidAt !== null && !needsShipping) status = 'delivered';
    if (paidAt !== null && needsShipping && shippingInfo) {
      const zone = zoneForCountry(shippingInfo.country);
      const processingAt = paidAt + rng.between(2 * HOUR, 26 * HOUR);
      const shippedAt = processingAt + rng.between(12 * HOUR, 48 * HOUR);
      const transitDays = zone === 'SG' ? rng.between(1, 2.5) : zone === 'SEA' ? rng.between(3, 6) : rng.between(5, 10);
      const deliveredAt = shippedAt + transitDays * DAY;
      if (processingAt <= now) [status, updatedAt] = ['processing', processingAt];
      if (shippedAt <= now) {
        [status, updatedAt] = ['shipped', shippedAt];
        const carrier = rng.pick(CARRIERS[zone]);
        const trackNum = carrier.trackNum((n) => rng.digits(n));
        const estimate = new Date(shippedAt + Math.ceil(transitDays + 1) * DAY + SGT_OFFSET).toISOString().slice(0, 10);
        tracking = { carrier: carrier.name, trackNum, trackUrl: carrier.trackUrl(trackNum), estimateDate: estimate };
      }
      // A few parcels are never marked delivered by the warehouse.
      if (deliveredAt <= now && rng.chance(0.93)) [status, updatedAt] = ['delivered', deliveredAt];
    }

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
      declined: failed && rng.chance(0.5),
      status,
      createdAt,
      paidAt,
      settledAt,
      updatedAt: Math.floor(updatedAt),
      tracking,
    });
  }
  return orders;
}

function licensesFor(rng: Rng, order: DemoOrder, now: number): DemoLicense[] {
  if (order.paidAt === null) return [];
  const paidAt = order.paidAt;
  const out: DemoLicense[] = [];
  for (const line of order.lines) {
    if (line.product.kind !== 'license' || !line.product.licenseType) continue;
    for (let i = 0; i < line.quantity; i++) {
      const type = line.product.licenseType;
      const expiresAt = purchasedLicenseExpiry(type, new Date(paidAt)).getTime();
      const end = Math.min(expiresAt, now);
      // Most keys are activated on one of the customer's booths soon after purchase.
      let deviceId: string | null = null;
      let deviceBoundAt: number | null = null;
      let lastValidatedAt: number | null = null;
      const bindAt = paidAt + Math.min(rng.between(2 * 60_000, 2 * HOUR) * (rng.chance(0.2) ? 12 : 1), (end - paidAt) / 2);
      if (bindAt < end && rng.chance(0.88)) {
        deviceId = order.user.devices[(i + rng.int(order.user.devices.length)) % order.user.devices.length]!;
        deviceBoundAt = Math.floor(bindAt);
        lastValidatedAt = Math.floor(Math.max(bindAt, end - rng.between(0, 36 * HOUR)));
      }
      const revokedAt = rng.chance(0.006) ? Math.floor(rng.between(paidAt, end)) : null;
      out.push({
        id: rng.uuid(),
        type,
        name: line.product.name,
        userId: order.user.id,
        orderId: order.id,
        email: order.user.email,
        startAt: paidAt,
        expiresAt,
        deviceId,
        deviceBoundAt,
        lastValidatedAt: revokedAt !== null && lastValidatedAt !== null ? Math.min(lastValidatedAt, revokedAt) : lastValidatedAt,
        revokedAt,
        utcOffsetHours: order.user.country.utcOffsetHours,
      });
    }
  }
  return out;
}

/** The notifications fulfilment, the payment failure path and the shipping updates write. */
function notificationsFor(order: DemoOrder, licenses: DemoLicense[]): DemoNotification[] {
  const userId = order.user.id;
  const out: DemoNotification[] = [];
  if (order.paidAt === null) {
    // Only declined payments are told; cancelled or expired checkouts are not (fail-payment.ts).
    if (order.declined) {
      out.push({
        userId,
        type: 'payment_failed',
        title: 'Payment failed',
        message: `Your payment of ${formatUsd(fromCents(order.totalCents))} for order #${order.id} did not go through and nothing was charged. Your cart is still saved: please try again or use another payment method.`,
        createdAt: order.settledAt,
      });
    }
    return out;
  }
  if (licenses.length) {
    const names = [...new Set(licenses.map((l) => l.name))].join(', ');
    out.push({
      userId,
      type: 'license_purchase',
      title: licenses.length === 1 ? 'License purchased' : `${licenses.length} licenses purchased`,
      message: `Order #${order.id}: your ${names} ${licenses.length === 1 ? 'key is' : 'keys are'} ready. Find ${licenses.length === 1 ? 'it' : 'them'} in your receipt email and under Your Subscriptions.`,
      createdAt: order.paidAt,
    });
  }
  if (order.needsShipping) {
    const where = order.shippingInfo ? ` to ${order.shippingInfo.city}, ${order.shippingInfo.country}` : '';
    out.push({
      userId,
      type: 'product_order',
      title: 'Order received',
      message: `Order #${order.id} is paid and will be shipped${where}. We will email you the tracking details when it leaves our warehouse.`,
      createdAt: order.paidAt,
    });
    if (order.status === 'shipped' || order.status === 'delivered') {
      const t = order.tracking!;
      out.push({
        userId,
        type: 'order_status_update',
        title: 'Order shipped',
        message: `Order #${order.id} has shipped with ${t.carrier} (tracking number ${t.trackNum}). Estimated delivery: ${t.estimateDate}.`,
        createdAt: order.status === 'shipped' ? order.updatedAt : order.updatedAt - DAY,
      });
    }
    if (order.status === 'delivered') {
      out.push({
        userId,
        type: 'order_status_update',
        title: 'Order delivered',
        message: `Order #${order.id} has been delivered. Enjoy your booth!`,
        createdAt: order.updatedAt,
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Usage events: sessions of a booth at an event, mostly on weekend evenings, on activated devices

interface ActiveDevice {
  license: DemoLicense;
  from: number;
  until: number;
  ipBase: string;
  errorRate: number;
}

function* generateEvents(rng: Rng, opts: { count: number; now: number; windowStart: number; licenses: DemoLicense[] }) {
  const { now, windowStart } = opts;
  const active: ActiveDevice[] = [];
  for (const l of opts.licenses) {
    if (l.deviceId === null || l.deviceBoundAt === null) continue;
    const from = Math.max(l.deviceBoundAt, windowStart);
    const until = Math.min(l.expiresAt, l.revokedAt ?? Infinity, now);
    if (until - from < 10 * 60_000) continue;
    // Booths at events use the venue's or a phone's connection: carrier-grade NAT addresses.
    active.push({ license: l, from, until, ipBase: `100.${64 + rng.int(64)}.${rng.int(256)}`, errorRate: rng.between(0.015, 0.07) });
  }
  if (active.length === 0) return;

  // Which devices are working on each Singapore day of the window.
  const firstDay = Math.floor((windowStart + SGT_OFFSET) / DAY) * DAY - SGT_OFFSET;
  const dayCount = Math.ceil((now - firstDay) / DAY);
  const perDay: number[][] = Array.from({ length: dayCount }, () => []);
  active.forEach((a, index) => {
    const first = Math.max(0, Math.floor((a.from - firstDay) / DAY));
    const last = Math.min(dayCount - 1, Math.floor((a.until - 1 - firstDay) / DAY));
    for (let d = first; d <= last; d++) perDay[d]!.push(index);
  });
  const dayWeights = cumulative(
    perDay.map((devices, d) => {
      const dow = dayOfWeekSgt(firstDay + d * DAY + 12 * HOUR);
      const weekday = dow === 0 || dow === 6 ? 2 : dow === 5 ? 1.3 : 1;
      return devices.length * weekday;
    }),
  );
  const hourWeights = cumulative(EVENT_HOUR_WEIGHTS);
  const fileWeights = cumulative(FILE_TYPES.map((f) => f.weight));
  const errorWeights = cumulative(ERROR_MESSAGES.map((e) => e.weight));

  let produced = 0;
  while (produced < opts.count) {
    const day = rng.weighted(dayWeights);
    const device = active[rng.pick(perDay[day]!)]!;
    const dayStart = firstDay + day * DAY;
    let t = timeOnDay(rng, dayStart, device.license.utcOffsetHours - 8, hourWeights);
    const lo = Math.max(device.from, dayStart);
    const hi = Math.min(device.until, dayStart + DAY);
    if (t < lo || t >= hi) t = Math.floor(rng.between(lo, hi));
    // One session at an event: a few dozen guests, one print every half minute to few minutes.
    const sessionSize = 1 + Math.floor(-Math.log(1 - rng.next()) * 30);
    const ip = `${device.ipBase}.${1 + rng.int(254)}`;
    for (let i = 0; i < sessionSize && produced < opts.count && t < device.until; i++) {
      const file = FILE_TYPES[rng.weighted(fileWeights)]!;
      const isError = rng.chance(device.errorRate);
      // Log-normal around the type's typical time, kept within 0.5-8 s.
      const seconds = Math.min(8, Math.max(0.5, file.seconds * Math.exp(0.35 * normal(rng))));
      yield {
        licenseId: device.license.id,
        kind: isError ? 'error' : 'success',
        deviceId: device.license.deviceId!,
        ip,
        filename: file.name(rng.digits(4)),
        fileType: file.type,
        processingTime: isError ? null : Math.round(seconds * 1000) / 1000,
        errorMessage: isError ? ERROR_MESSAGES[rng.weighted(errorWeights)]!.message : null,
        occurredAt: t,
      };
      produced++;
      t += Math.floor(rng.between(20_000, 240_000));
    }
  }
}

function normal(rng: Rng): number {
  const u = 1 - rng.next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

// ---------------------------------------------------------------------------------------------

/**
 * Fills the database with a demo shop. Migrates and seeds the catalogue first. Customers, coupons,
 * orders and everything they imply are written in one transaction (which holds the invoice counter
 * for its duration, so invoice numbers stay gapless even beside a running shop); usage events
 * follow in batches of their own.
 */
export async function seedDemoShop(
  database: Database,
  options: Partial<DemoShopOptions> = {},
  log: (line: string) => void = () => {},
): Promise<DemoShopResult> {
  const opts: DemoShopOptions = { ...DEFAULT_DEMO_OPTIONS, now: new Date(), ...options };
  for (const key of ['users', 'orders', 'events', 'days', 'seed'] as const) {
    if (!Number.isInteger(opts[key]) || opts[key] < 0) throw new RangeError(`${key} must be a whole number ≥ 0`);
  }
  if (opts.days < 1) throw new RangeError('days must be at least 1');
  const timings: Array<[string, number]> = [];
  const phase = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await fn();
    const ms = Math.round(performance.now() - started);
    timings.push([name, ms]);
    log(`  ${name.padEnd(28)} ${(ms / 1000).toFixed(2).padStart(7)} s`);
    return result;
  };

  await phase('migrate + catalogue', async () => {
    await database.migrate();
    await seedCatalogue(database.db);
  });
  const q = rawSql(database);
  const now = opts.now.getTime();
  const windowStart = now - opts.days * DAY;

  const [counted] = await q.query<{ n: number }>(`select count(*)::int as n from users where email like $1`, [
    `%@${DEMO_EMAIL_DOMAIN}`,
  ]);
  const existing = Number(counted?.n ?? 0);
  if (existing > 0 && !opts.force) throw new DemoDataPresentError(existing);
  // An appended batch numbers its accounts after the ones already there and draws other codes.
  const batch = existing > 0 ? existing : 0;
  const suffix = batch > 0 ? `-${batch}` : '';

  const passwordHash = await phase('password hash', () => hashPassword(DEMO_PASSWORD));

  const result = await q.transaction(async (tx) => {
    const userRng = createRng(opts.seed, 'users', batch);
    const drafts = generateUsers(userRng, opts.users, batch, now, windowStart);
    const users: DemoUser[] = [];
    await phase(`users (${opts.users})`, async () => {
      const ids = await nextIds(tx, 'users', drafts.length + (batch === 0 ? 1 : 0));
      drafts.forEach((u, i) => users.push({ ...u, id: ids[i]! }));
      const rows = users.map((u) => [u.id, u.username, u.email, passwordHash, 'user', u.firstName, u.lastName, true, iso(u.createdAt), iso(u.createdAt)]);
      // The first batch brings an admin, so the back office can be opened with the same password.
      if (batch === 0) rows.push([ids.at(-1)!, 'demo_admin', DEMO_ADMIN_EMAIL, passwordHash, 'admin', 'Demo', 'Admin', true, iso(now - 3 * YEAR), iso(now - 3 * YEAR)]);
      await insertRows(tx, 'users', [
        ['id', 'int'], ['username', 'text'], ['email', 'text'], ['password_hash', 'text'], ['role', 'text'],
        ['first_name', 'text'], ['last_name', 'text'], ['is_email_verified', 'boolean'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'],
      ], rows, (row) => row);
    });

    const couponRng = createRng(opts.seed, 'coupons', batch);
    const { coupons, promotions } = generateCoupons(couponRng, windowStart, now, suffix);
    const orderRng = createRng(opts.seed, 'orders', batch);
    const drafts2 = generateOrders(orderRng, { count: opts.orders, now, windowStart, users, promotions });
    const ids = await nextIds(tx, 'orders', drafts2.length);
    const orders: DemoOrder[] = drafts2.map((o, i) => ({ ...o, id: ids[i]! }));
    const paid = orders.filter((o) => o.paidAt !== null).sort((x, y) => x.paidAt! - y.paidAt! || x.id - y.id);

    const licenseRng = createRng(opts.seed, 'licences', batch);
    const licenses: DemoLicense[] = [];
    const notifications: DemoNotification[] = [];
    for (const order of orders) {
      const issued = licensesFor(licenseRng, order, now);
      licenses.push(...issued);
      notifications.push(...notificationsFor(order, issued));
    }

    await phase(`coupons (${coupons.length}) + codes`, async () => {
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
    });

    await phase(`orders (${orders.length}) + lines`, async () => {
      await insertRows(tx, 'orders', [
        ['id', 'int'], ['user_id', 'int'], ['email', 'text'], ['status', 'text'], ['payment_status', 'text'], ['needs_shipping', 'boolean'],
        ['shipping_info', 'jsonb'], ['subtotal_cents', 'int'], ['shipping_cents', 'int'], ['discount_cents', 'int'], ['total_cents', 'int'],
        ['currency', 'text'], ['promotion_id', 'uuid'], ['promo_code', 'text'], ['payment_provider', 'text'], ['payment_session_id', 'text'],
        ['paid_at', 'timestamptz'], ['track_num', 'text'], ['track_url', 'text'], ['carrier_name', 'text'], ['estimate_date', 'text'],
        ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'],
      ], orders, (o) => [
        o.id, o.user.id, o.user.email, o.status, o.paymentStatus, o.needsShipping,
        o.shippingInfo ? JSON.stringify(o.shippingInfo) : null, o.subtotalCents, o.shippingCents, o.discountCents, o.totalCents,
        'usd', o.promotion?.id ?? null, o.promotion?.code ?? null, 'local', o.sessionId,
        o.paidAt === null ? null : iso(o.paidAt), o.tracking?.trackNum ?? null, o.tracking?.trackUrl ?? null, o.tracking?.carrier ?? null, o.tracking?.estimateDate ?? null,
        iso(o.createdAt), iso(o.updatedAt),
      ]);
      await insertRows(tx, 'order_lines', [
        ['order_id', 'int'], ['product_id', 'int'], ['name', 'text'], ['unit_price_cents', 'int'], ['quantity', 'int'], ['line_total_cents', 'int'],
      ], orders.flatMap((o) => o.lines.map((l) => ({ o, l }))), ({ o, l }) => [o.id, l.product.id, l.product.name, l.unitPriceCents, l.quantity, l.unitPriceCents * l.quantity]);
      await insertRows(tx, 'local_payment_sessions', [
        ['id', 'text'], ['order_id', 'int'], ['amount_cents', 'int'], ['currency', 'text'], ['status', 'text'], ['created_at', 'timestamptz'], ['completed_at', 'timestamptz'],
      ], orders, (o) => [o.sessionId, o.id, o.totalCents, 'usd', o.paidAt !== null ? 'paid' : o.declined ? 'failed' : 'cancelled', iso(o.createdAt), iso(o.settledAt)]);
      await insertRows(tx, 'payment_events', [['id', 'text'], ['provider', 'text'], ['type', 'text'], ['received_at', 'timestamptz']],
        paid, (o) => [`fulfil:local:${o.sessionId}`, 'local', 'fulfilment', iso(o.paidAt!)]);
    });

    const invoices = await phase(`invoices (${paid.length})`, async () => {
      if (paid.length === 0) return { first: null, last: null };
      // Takes the next paid.length numbers in one statement; the row stays locked until commit.
      const [reserved] = await tx.query<{ value: string | number }>(
        `insert into counters (name, value) values ('invoice_no', $1::bigint)
         on conflict (name) do update set value = counters.value + $2::bigint returning value`,
        [FIRST_INVOICE_NO + paid.length - 1, paid.length],
      );
      const last = Number(reserved!.value);
      const first = last - paid.length + 1;
      await insertRows(tx, 'invoices', [
        ['invoice_no', 'int'], ['order_id', 'int'], ['user_id', 'int'], ['email', 'text'], ['subtotal_cents', 'int'], ['shipping_cents', 'int'],
        ['discount_cents', 'int'], ['total_cents', 'int'], ['currency', 'text'], ['paid_at', 'timestamptz'], ['created_at', 'timestamptz'],
      ], paid, (o, i) => [
        first + i, o.id, o.user.id, o.user.email, o.subtotalCents, o.shippingCents, o.discountCents, o.totalCents, 'usd', iso(o.paidAt!), iso(o.paidAt!),
      ]);
      return { first, last };
    });

    await phase(`licences (${licenses.length})`, async () => {
      // Keys come from the OS CSPRNG as fulfilment's do: a key derivable from a public seed would
      // be a working credential for the licence server.
      await insertRows(tx, 'licenses', [
        ['id', 'uuid'], ['license_key', 'text'], ['type', 'text'], ['user_id', 'int'], ['order_id', 'int'], ['email', 'text'], ['start_at', 'timestamptz'],
        ['expires_at', 'timestamptz'], ['device_id', 'text'], ['device_bound_at', 'timestamptz'], ['last_validated_at', 'timestamptz'],
        ['revoked_at', 'timestamptz'], ['created_at', 'timestamptz'],
      ], licenses, (l) => [
        l.id, formatLicenseKey(crypto.randomBytes(LICENSE_KEY_BYTES)), l.type, l.userId, l.orderId, l.email, iso(l.startAt),
        iso(l.expiresAt), l.deviceId, l.deviceBoundAt === null ? null : iso(l.deviceBoundAt), l.lastValidatedAt === null ? null : iso(l.lastValidatedAt),
        l.revokedAt === null ? null : iso(l.revokedAt), iso(l.startAt),
      ]);
    });

    const redemptions = paid.filter((o) => o.promotion !== null);
    await phase(`redemptions (${redemptions.length})`, () =>
      insertRows(tx, 'promotion_redemptions', [
        ['promotion_id', 'uuid'], ['coupon_id', 'uuid'], ['user_id', 'int'], ['order_id', 'int'], ['created_at', 'timestamptz'],
      ], redemptions, (o) => [o.promotion!.id, o.promotion!.coupon.id, o.user.id, o.id, iso(o.paidAt!)]),
    );

    const readRng = createRng(opts.seed, 'notifications', batch);
    await phase(`notifications (${notifications.length})`, () =>
      insertRows(tx, 'notifications', [
        ['user_id', 'int'], ['type', 'text'], ['title', 'text'], ['message', 'text'], ['is_read', 'boolean'], ['is_done', 'boolean'], ['created_at', 'timestamptz'],
      ], notifications.sort((x, y) => x.createdAt - y.createdAt), (n) => {
        const isRead = readRng.chance(now - n.createdAt > 3 * DAY ? 0.85 : 0.3);
        return [n.userId, n.type, n.title, n.message, isRead, isRead && readRng.chance(0.4), iso(n.createdAt)];
      }),
    );

    return {
      users: users.length,
      orders: orders.length,
      paidOrders: paid.length,
      invoices: { count: paid.length, ...invoices },
      licenses,
      coupons: coupons.length,
      promotionCodes: promotions.length,
      redemptions: redemptions.length,
      notifications: notifications.length,
    };
  });

  const events = await phase(`usage events (${opts.events})`, async () => {
    const eventRng = createRng(opts.seed, 'events', batch);
    const columns: Column[] = [
      ['license_id', 'uuid'], ['kind', 'text'], ['device_id', 'text'], ['ip_address', 'text'], ['filename', 'text'],
      ['file_type', 'text'], ['processing_time', 'real'], ['error_message', 'text'], ['occurred_at', 'timestamptz'],
    ];
    // PostgreSQL writes one batch while the next is generated; PGlite runs in this thread anyway.
    const parallel = database.driver === 'postgres' ? 2 : 1;
    const inFlight: Promise<void>[] = [];
    let rows: unknown[][] = [];
    let written = 0;
    const flush = async () => {
      if (rows.length === 0) return;
      const insert = insertRows(q, 'usage_events', columns, rows, (row) => row);
      // Awaited below; the no-op handler only keeps a failure from counting as unhandled meanwhile.
      insert.catch(() => {});
      inFlight.push(insert);
      written += rows.length;
      rows = [];
      if (inFlight.length >= parallel) await inFlight.shift();
    };
    for (const e of generateEvents(eventRng, { count: opts.events, now, windowStart, licenses: result.licenses })) {
      rows.push([e.licenseId, e.kind, e.deviceId, e.ip, e.filename, e.fileType, e.processingTime, e.errorMessage, iso(e.occurredAt)]);
      if (rows.length >= INSERT_BATCH) await flush();
    }
    await flush();
    await Promise.all(inFlight);
    if (written < opts.events) log(`  (only ${written} usage events: no activated licence to report them)`);
    return written;
  });

  return { ...result, licenses: result.licenses.length, events, timings };
}
