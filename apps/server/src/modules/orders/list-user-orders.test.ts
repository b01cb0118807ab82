import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUserWithSession, type TestUser } from '../../../test/fixtures';
import { insertPaidOrder } from '../../../test/account-fixtures';
import { countStatements } from '../../../test/count-statements';
import type { Db } from '../../db/client';
import { paginate } from '../../db/paginate';
import { creditNotes, orderLines, orders, refundLines, refunds } from '../../db/schema';
import { loadRefunds } from './load-refunds';
import { listUserOrders } from './list-user-orders';
import { customerVisibleRefunds, toOrderJson } from './order-json';
import { orderWasPaid } from './was-paid';

let t: TestApp;
let a: TestUser;
let refundedOrderId: number;

beforeAll(async () => {
  t = await buildTestApp();
  a = await createUserWithSession(t.db);
  const other = await createUserWithSession(t.db);
  for (let i = 0; i < 24; i += 1) {
    await insertPaidOrder(t.db, a, {
      createdAt: new Date(Date.UTC(2024, 0, 1 + (i % 12), 0, 0, 0, 123)),
      lines: [
        { productId: 1, quantity: 1 + (i % 3) },
        { productId: 13, quantity: 1 },
      ],
    });
  }
  await insertPaidOrder(t.db, a, { paymentStatus: 'unpaid' });
  await insertPaidOrder(t.db, other);
  // One order with refunds of each state: the failed one is not the customer's to see.
  const [order] = await t.db.select().from(orders).where(eq(orders.userId, a.id)).orderBy(asc(orders.id)).limit(1);
  refundedOrderId = order!.id;
  const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, refundedOrderId)).orderBy(asc(orderLines.id));
  // The pending one is stamped by the database (microseconds), the others to the millisecond.
  const refund = (state: 'pending' | 'succeeded' | 'failed', at?: Date) => ({
    orderId: refundedOrderId,
    userId: a.id,
    amountCents: 1000,
    kind: 'lines' as const,
    reason: 'test',
    origin: 'admin' as const,
    state,
    provider: 'local' as const,
    ...(at ? { createdAt: at } : {}),
    succeededAt: state === 'succeeded' && at ? new Date(at.getTime() + 1500) : null,
  });
  const made = await t.db
    .insert(refunds)
    .values([refund('succeeded', new Date('2024-02-01T10:00:00.456Z')), refund('pending'), refund('failed', new Date('2024-02-03T10:00:00Z'))])
    .returning();
  await t.db.insert(refundLines).values(made.map((r) => ({ refundId: r.id, orderLineId: lines[0]!.id, quantity: 1, amountCents: 1000 })));
  await t.db.insert(creditNotes).values({
    creditNoteNo: 9001,
    refundId: made[0]!.id,
    orderId: refundedOrderId,
    userId: a.id,
    email: a.email,
    amountCents: 1000,
    reason: 'test',
    issuedAt: new Date(),
  });
});
afterAll(() => t.close());

/** The list as it was read before issue 24: a page, then its lines, then its refunds. */
async function listInFourQueries(db: Db, userId: number, paging: { page: number; page_size: number }) {
  const page = await paginate(db, { from: orders, where: and(eq(orders.userId, userId), orderWasPaid), newestFirst: [orders.createdAt], tieBreak: orders.id, paging });
  const ids = page.items.map((o) => o.id);
  const lines = ids.length ? await db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.id)) : [];
  const refundsOf = await loadRefunds(db, ids);
  return { ...page, items: page.items.map((o) => toOrderJson(o, lines.filter((l) => l.orderId === o.id), customerVisibleRefunds(refundsOf.get(o.id)))) };
}

describe('listUserOrders', () => {
  it('answers every page exactly as the page, lines and refunds queries did', async () => {
    for (const paging of [
      { page: 1, page_size: 10 },
      { page: 2, page_size: 10 },
      { page: 3, page_size: 10 },
      { page: 4, page_size: 10 },
      { page: 1, page_size: 100 },
      { page: 7, page_size: 4 },
    ]) {
      expect(await listUserOrders(t.db, a.id, paging), JSON.stringify(paging)).toEqual(await listInFourQueries(t.db, a.id, paging));
    }
    const all = await listUserOrders(t.db, a.id, { page: 1, page_size: 100 });
    expect(all.total).toBe(24);
    const refunded = all.items.find((o) => o.order_id === refundedOrderId)!;
    expect(refunded.refunds.map((r) => r.state)).toEqual(['pending', 'succeeded']);
    expect(refunded.refunds[1]).toMatchObject({ created_at: '2024-02-01T10:00:00.456Z', succeeded_at: '2024-02-01T10:00:01.956Z', credit_note: expect.stringContaining('9001') });
    expect(refunded.products[0]!.refunded_quantity).toBe(1);
  });

  it('reads a page in one statement whatever its size; a page past the end costs one more to count', async () => {
    for (const page_size of [1, 10, 24, 100]) {
      const { result, statements } = await countStatements(t.db, () => listUserOrders(t.db, a.id, { page: 1, page_size }));
      expect(result.items).toHaveLength(Math.min(page_size, 24));
      expect(statements, `page_size ${page_size}`).toBe(1);
    }
    expect((await countStatements(t.db, () => listUserOrders(t.db, a.id, { page: 3, page_size: 10 }))).statements).toBe(1);
    const past = await countStatements(t.db, () => listUserOrders(t.db, a.id, { page: 9, page_size: 10 }));
    expect(past.result).toEqual({ items: [], total: 24, page: 9, page_size: 10 });
    expect(past.statements).toBe(2);
    const nobody = await countStatements(t.db, () => listUserOrders(t.db, 987_654, { page: 1, page_size: 10 }));
    expect(nobody.result).toEqual({ items: [], total: 0, page: 1, page_size: 10 });
    expect(nobody.statements).toBe(1);
  });

  it('costs the route one statement once the session is known, and the same for a page of 1 or 50', async () => {
    const get = (size: number) => t.app.inject({ method: 'GET', url: `/api/order/user/${a.id}?page=1&page_size=${size}`, headers: a.headers });
    await get(1);
    const small = await countStatements(t.db, () => get(1));
    const large = await countStatements(t.db, () => get(50));
    expect(small.result.statusCode).toBe(200);
    expect(large.result.json().items).toHaveLength(24);
    expect(large.statements).toBe(small.statements);
    expect(large.statements).toBeLessThanOrEqual(2);
  });
});
