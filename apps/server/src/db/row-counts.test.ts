import { count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/build-test-app';
import { insertAccount, insertLicenseSpan, insertOrderPaidAt, insertRefund } from '../../test/report-fixtures';
import { countedRows, foldRowCounts } from './row-counts';
import { licenses, notifications, orders, rowCountDeltas } from './schema';

let t: TestDatabase;
let user: { id: number; email: string };

const actual = {
  notifications: async () => Number((await t.database.db.select({ n: count() }).from(notifications))[0]!.n),
  licenses: async () => Number((await t.database.db.select({ n: count() }).from(licenses))[0]!.n),
  // "Paid orders" are the orders that were paid, refunded ones too (migration 0019): paid_at is kept.
  paidOrders: async () => Number((await t.database.db.select({ n: count() }).from(orders).where(isNotNull(orders.paidAt)))[0]!.n),
};

beforeAll(async () => {
  t = await openTestDatabase();
  user = await insertAccount(t.database.db, new Date());
});
afterAll(() => t?.close());

describe('row counts kept by triggers (migration 0010)', () => {
  it('follow inserts of one row and of many, deletes and a truncate', async () => {
    const db = t.database.db;
    const note = (i: number) => ({ userId: user.id, type: 'test', title: `N${i}`, message: 'm' });
    await db.insert(notifications).values(note(0));
    await db.insert(notifications).values(Array.from({ length: 25 }, (_, i) => note(i + 1)));
    expect(await countedRows(db, 'notifications')).toBe(26);
    await db.delete(notifications).where(inArray(notifications.title, ['N1', 'N2', 'N3']));
    expect(await countedRows(db, 'notifications')).toBe(await actual.notifications());
    for (let i = 0; i < 3; i += 1) await insertLicenseSpan(db, user, { startAt: new Date(), expiresAt: null });
    expect(await countedRows(db, 'licenses')).toBe(3);
    await db.execute(sql`truncate notifications`);
    expect(await countedRows(db, 'notifications')).toBe(0);
    expect(await countedRows(db, 'licenses')).toBe(3);
  });

  it('count an order as paid when it is paid, by insert or by update, and no longer when it is not', async () => {
    const db = t.database.db;
    await insertOrderPaidAt(db, user, new Date());
    const unpaid = await insertOrderPaidAt(db, user, new Date(), { paymentStatus: 'unpaid' });
    await insertOrderPaidAt(db, user, new Date(), { paymentStatus: 'unpaid' });
    expect(await countedRows(db, 'orders:paid')).toBe(1);
    await db.update(orders).set({ paymentStatus: 'paid', paidAt: new Date() }).where(eq(orders.id, unpaid.id));
    expect(await countedRows(db, 'orders:paid')).toBe(2);
    // An update that leaves the payment as it was (a status, a tracking number) changes nothing.
    await db.update(orders).set({ status: 'shipped' });
    expect(await countedRows(db, 'orders:paid')).toBe(2);
    await db.update(orders).set({ paymentStatus: 'failed', paidAt: null }).where(eq(orders.id, unpaid.id));
    expect(await countedRows(db, 'orders:paid')).toBe(1);
    expect(await countedRows(db, 'orders:paid')).toBe(await actual.paidOrders());
    await db.delete(orders);
    expect(await countedRows(db, 'orders:paid')).toBe(0);
  });

  it('keep counting an order as paid once it is partly or fully refunded (migration 0019: was paid is paid_at)', async () => {
    const db = t.database.db;
    const start = await countedRows(db, 'orders:paid');
    const partly = await insertOrderPaidAt(db, user, new Date(), { subtotalCents: 10_000 });
    const fully = await insertOrderPaidAt(db, user, new Date(), { subtotalCents: 10_000 });
    expect(await countedRows(db, 'orders:paid')).toBe(start + 2);
    await insertRefund(db, partly, { amountCents: 2_500, at: new Date() });
    await insertRefund(db, fully, { amountCents: 10_000, at: new Date() });
    const states = await db.select({ id: orders.id, status: orders.paymentStatus, refunded: orders.refundedCents }).from(orders).where(inArray(orders.id, [partly.id, fully.id])).orderBy(orders.id);
    expect(states).toEqual([
      { id: partly.id, status: 'partially_refunded', refunded: 2_500 },
      { id: fully.id, status: 'refunded', refunded: 10_000 },
    ]);
    expect(await countedRows(db, 'orders:paid')).toBe(start + 2);
    expect(await countedRows(db, 'orders:paid')).toBe(await actual.paidOrders());
  });

  it('fold many small rows into one and keep the sum, also when read in between', async () => {
    const db = t.database.db;
    const before = await actual.licenses();
    for (let i = 0; i < 120; i += 1) await insertLicenseSpan(db, user, { startAt: new Date(), expiresAt: null });
    const pieces = async () => Number((await db.select({ n: count() }).from(rowCountDeltas).where(eq(rowCountDeltas.name, 'licenses')))[0]!.n);
    expect(await pieces()).toBeGreaterThan(100);
    // Reading past 100 pieces folds them.
    expect(await countedRows(db, 'licenses')).toBe(before + 120);
    expect(await pieces()).toBe(1);
    await foldRowCounts(db, 'licenses');
    expect(await countedRows(db, 'licenses')).toBe(await actual.licenses());
  });
});
