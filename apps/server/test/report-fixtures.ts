import crypto from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { paymentStatusAfterRefunds } from '@lbs/domain/refunds';
import { addDays, startOfBusinessDay } from '@lbs/domain/report-periods';
import type { Db } from '../src/db/client';
import { licenses, orderLines, orders, refundLines, refunds, usageEvents, users } from '../src/db/schema';

/**
 * Rows written straight to the tables the back office's reports read, each at a chosen instant,
 * so a test knows exactly which business day every row falls on.
 */

export async function insertAccount(db: Db, createdAt: Date, role = 'user') {
  const email = `report.${crypto.randomBytes(5).toString('hex')}@example.com`;
  const [row] = await db
    .insert(users)
    .values({ username: email.split('@')[0]!, email, role, isEmailVerified: true, createdAt })
    .returning({ id: users.id, email: users.email });
  return row!;
}

/** An order charging `totalCents` (after discount, with shipping), paid at `paidAt` unless another status is given. */
export async function insertOrderPaidAt(
  db: Db,
  user: { id: number; email: string },
  paidAt: Date,
  opts: { subtotalCents?: number; discountCents?: number; shippingCents?: number; paymentStatus?: 'paid' | 'unpaid' | 'failed' } = {},
) {
  const subtotal = opts.subtotalCents ?? 15_000;
  const discount = opts.discountCents ?? 0;
  const shipping = opts.shippingCents ?? 0;
  const status = opts.paymentStatus ?? 'paid';
  const [row] = await db
    .insert(orders)
    .values({
      userId: user.id,
      email: user.email,
      paymentStatus: status,
      needsShipping: shipping > 0,
      subtotalCents: subtotal,
      shippingCents: shipping,
      discountCents: discount,
      totalCents: subtotal - discount + shipping,
      paymentProvider: 'local',
      paidAt: status === 'paid' ? paidAt : null,
      createdAt: paidAt,
    })
    .returning();
  return row!;
}

/** A line on an order (the product's id must exist: the migrations seed the catalogue, e.g. 1 paper, 11 Monthly). */
export async function insertOrderLine(db: Db, orderId: number, line: { productId: number; name: string; unitPriceCents: number; quantity?: number }) {
  const quantity = line.quantity ?? 1;
  const [row] = await db
    .insert(orderLines)
    .values({ orderId, productId: line.productId, name: line.name, unitPriceCents: line.unitPriceCents, quantity, lineTotalCents: line.unitPriceCents * quantity })
    .returning();
  return row!;
}

/**
 * A refund written straight to the tables, as the refund engine leaves it (the reports need no
 * engine): succeeded at `at` (the moment the money went back), or still pending, or failed at
 * `at`. `lines` are its refund_lines (each line's share of the amount); a succeeded refund also
 * moves the order's refunded_cents and payment state on, as the engine does in its transaction.
 */
export async function insertRefund(
  db: Db,
  order: { id: number; userId: number; totalCents: number },
  opts: {
    amountCents: number;
    at: Date;
    state?: 'pending' | 'succeeded' | 'failed';
    kind?: 'lines' | 'amount';
    lines?: Array<{ orderLineId: number; quantity: number; amountCents: number }>;
  },
) {
  const state = opts.state ?? 'succeeded';
  const [row] = await db
    .insert(refunds)
    .values({
      orderId: order.id,
      userId: order.userId,
      amountCents: opts.amountCents,
      kind: opts.kind ?? (opts.lines?.some((l) => l.quantity > 0) ? 'lines' : 'amount'),
      reason: 'Report test',
      origin: 'admin',
      state,
      provider: 'local',
      providerRefundId: `re_test_${crypto.randomBytes(6).toString('hex')}`,
      createdAt: opts.at,
      succeededAt: state === 'succeeded' ? opts.at : null,
      failedAt: state === 'failed' ? opts.at : null,
    })
    .returning();
  if (opts.lines?.length) {
    await db.insert(refundLines).values(opts.lines.map((l) => ({ refundId: row!.id, ...l })));
  }
  if (state === 'succeeded') {
    const [current] = await db.select({ refundedCents: orders.refundedCents }).from(orders).where(eq(orders.id, order.id));
    const refundedCents = current!.refundedCents + opts.amountCents;
    await db
      .update(orders)
      .set({ refundedCents, paymentStatus: paymentStatusAfterRefunds(order.totalCents, refundedCents) })
      .where(eq(orders.id, order.id));
  }
  return row!;
}

export async function insertLicenseSpan(
  db: Db,
  user: { id: number; email: string },
  span: { startAt: Date; expiresAt: Date | null; revokedAt?: Date | null; suspendedAt?: Date | null; graceUntil?: Date | null },
) {
  const [row] = await db
    .insert(licenses)
    .values({
      licenseKey: `TEST-${crypto.randomBytes(8).toString('hex')}`,
      type: 'custom',
      userId: user.id,
      email: user.email,
      startAt: span.startAt,
      expiresAt: span.expiresAt,
      revokedAt: span.revokedAt ?? null,
      suspendedAt: span.suspendedAt ?? null,
      graceUntil: span.graceUntil ?? null,
    })
    .returning();
  return row!;
}

export async function insertUsageEvent(
  db: Db,
  e: {
    kind: 'success' | 'error';
    occurredAt: Date;
    deviceId?: string;
    ipAddress?: string | null;
    filename?: string | null;
    fileType?: string | null;
    processingTime?: number | null;
    errorMessage?: string | null;
    licenseId?: string | null;
  },
) {
  const [row] = await db
    .insert(usageEvents)
    .values({
      licenseId: e.licenseId ?? null,
      kind: e.kind,
      occurredAt: e.occurredAt,
      deviceId: e.deviceId ?? 'device-1',
      ipAddress: e.ipAddress === undefined ? '203.0.113.7' : e.ipAddress,
      filename: e.filename === undefined ? (e.kind === 'success' ? 'photo.jpg' : null) : e.filename,
      fileType: e.fileType === undefined ? 'jpg' : e.fileType,
      processingTime: e.processingTime === undefined ? (e.kind === 'success' ? 1.5 : null) : e.processingTime,
      errorMessage: e.errorMessage === undefined ? (e.kind === 'error' ? 'Could not read the file' : null) : e.errorMessage,
    })
    .returning();
  return row!;
}

/**
 * The days of a report as a table `d(day, day_start, day_end)`: each business day with its
 * half-open UTC range. Joining a table day by day is the plain statement of a report's rule, and
 * slow (a range scan per day): the reports use perDaySql and the licence sweep, and the tests check
 * them against this join.
 */
export function dayBuckets(days: readonly string[], timeZone: string): SQL {
  const list = (items: readonly string[]) => `{${items.join(',')}}`;
  const starts = days.map((day) => startOfBusinessDay(day, timeZone).toISOString());
  const ends = days.map((day) => startOfBusinessDay(addDays(day, 1), timeZone).toISOString());
  return sql`unnest(${list(days)}::text[], ${list(starts)}::timestamptz[], ${list(ends)}::timestamptz[]) as d(day, day_start, day_end)`;
}

/** An instant written as UTC wall time ('2025-03-03T15:59'). */
export const utc = (iso: string) => new Date(`${iso}Z`);
/** An instant written as Singapore wall time, the business zone's ('2025-03-03T23:59'). */
export const sgt = (wall: string) => new Date(`${wall}+08:00`);
