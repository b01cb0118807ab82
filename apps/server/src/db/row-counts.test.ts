import { count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/build-test-app';
import { insertAccount, insertLicenseSpan, insertOrderPaidAt } from '../../test/report-fixtures';
import { countedRows, foldRowCounts } from './row-counts';
import { licenses, notifications, orders, rowCountDeltas } from './schema';

let t: TestDatabase;
let user: { id: number; email: string };

const actual = {
  notifications: async () => Number((await t.database.db.select({ n: count() }).from(notifications))[0]!.n),
  licenses: async () => Number((await t.database.db.select({ n: count() }).from(licenses))[0]!.n),
  paidOrders: async () => Number((await t.database.db.select({ n: count() }).from(orders).where(eq(orders.paymentStatus, 'paid')))[0]!.n),
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
    await db.update(orders).set({ paymentStatus: 'failed' }).where(eq(orders.id, unpaid.id));
    expect(await countedRows(db, 'orders:paid')).toBe(await actual.paidOrders());
    await db.delete(orders);
    expect(await countedRows(db, 'orders:paid')).toBe(0);
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
