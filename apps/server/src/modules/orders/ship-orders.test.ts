import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { carrierTrackingUrl } from '@lbs/domain/carriers';
import { buildTestApp, mailTo, onPostgres, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { insertPaidOrder, SAMPLE_SHIPPING } from '../../../test/account-fixtures';
import { adminAudit, notifications, orders } from '../../db/schema';

let t: TestApp;
let admin: TestUser;
let otherAdmin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdminWithSession(t.db);
  otherAdmin = await createAdminWithSession(t.db);
  customer = await createUserWithSession(t.db);
});
afterAll(() => t.close());

const ship = (u: TestUser | null, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/order/admin/ship', headers: u?.headers, payload: payload as object });

/** A paid order of an accessory (the adhesion roller) that ships to Singapore. */
const paidParcel = async (who: TestUser = customer, opts: Parameters<typeof insertPaidOrder>[2] = {}) =>
  (await insertPaidOrder(t.db, who, { lines: [{ productId: 2, quantity: 1 }], shipping: SAMPLE_SHIPPING, status: 'processing', ...opts })).order;

const shippedMails = async (who: TestUser, orderId: number) =>
  (await mailTo(t.app, who.email)).filter((m) => m.subject.includes(`#${orderId} has shipped`));
const notesOf = (orderId: number) => t.db.select().from(notifications).where(eq(notifications.title, `Order #${orderId} is shipped`));
const auditOf = (orderId: number) => t.db.select().from(adminAudit).where(eq(adminAudit.targetId, String(orderId)));

describe('POST /api/order/admin/ship', () => {
  it('refuses a stranger (401) and a customer (403) before validation, then bad bodies (400)', async () => {
    expect((await ship(null, { orders: 'nonsense' })).statusCode).toBe(401);
    expect((await ship(customer, { orders: 'nonsense' })).statusCode).toBe(403);
    expect((await ship(admin, { orders: [] })).statusCode).toBe(400);
    const many = Array.from({ length: 101 }, (_, i) => ({ order_id: i + 1, carrier: 'ups', track_num: `T${i}` }));
    expect((await ship(admin, { orders: many })).json().detail).toMatch(/At most 100/);
    expect((await ship(admin, { orders: [{ order_id: 1, carrier: 'pigeon', track_num: 'T' }] })).statusCode).toBe(400);
    expect((await ship(admin, { orders: [{ order_id: 1, carrier: 'ups', track_num: ' ' }] })).json().detail).toMatch(/tracking number/);
    const twice = await ship(admin, { orders: [{ order_id: 1, carrier: 'ups', track_num: 'A' }, { order_id: 1, carrier: 'ups', track_num: 'B' }] });
    expect(twice.json().detail).toMatch(/Each order once/);
    const other = await ship(admin, { orders: [{ order_id: 1, carrier: 'other', track_num: 'A', track_url: 'https://t.example.com/A' }] });
    expect(other.json().detail).toMatch(/Name the carrier/);
    const js = await ship(admin, { orders: [{ order_id: 1, carrier: 'other', carrier_name: 'X', track_num: 'A', track_url: 'javascript:alert(1)' }] });
    expect(js.json().detail).toMatch(/http/);
  });

  it('ships each order with its own carrier, builds known carriers’ links itself, and mails, notifies and audits each once', async () => {
    const a = await paidParcel();
    const b = await paidParcel(customer, { status: 'pending' });
    const res = await ship(admin, {
      orders: [
        // A link sent for a listed carrier is ignored: the server builds the carrier's own.
        { order_id: a.id, carrier: 'singpost', track_num: 'RR 123/SG', track_url: 'https://evil.example.com/' },
        { order_id: b.id, carrier: 'other', carrier_name: 'Kerry Express', track_num: 'KX-1', track_url: 'https://th.kerryexpress.com/track/KX-1' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const singpostUrl = carrierTrackingUrl('singpost', 'RR 123/SG');
    expect(singpostUrl).toBe('https://www.singpost.com/track-items?trackingid=RR%20123%2FSG');
    expect(res.json().results).toEqual([
      { order_id: a.id, outcome: 'shipped', detail: expect.any(String), track_url: singpostUrl },
      { order_id: b.id, outcome: 'shipped', detail: expect.any(String), track_url: 'https://th.kerryexpress.com/track/KX-1' },
    ]);
    const [rowA] = await t.db.select().from(orders).where(eq(orders.id, a.id));
    expect(rowA).toMatchObject({ status: 'shipped', carrierCode: 'singpost', carrierName: 'SingPost', trackNum: 'RR 123/SG', trackUrl: singpostUrl });
    const [rowB] = await t.db.select().from(orders).where(eq(orders.id, b.id));
    expect(rowB).toMatchObject({ status: 'shipped', carrierCode: 'other', carrierName: 'Kerry Express', trackUrl: 'https://th.kerryexpress.com/track/KX-1' });

    const mailA = await shippedMails(customer, a.id);
    expect(mailA).toHaveLength(1);
    expect(mailA[0]!.text).toContain('SingPost');
    expect(mailA[0]!.text).toContain(singpostUrl);
    expect(mailA[0]!.text).not.toContain('evil.example.com');
    expect(await shippedMails(customer, b.id)).toHaveLength(1);
    expect(await notesOf(a.id)).toHaveLength(1);
    const audit = await auditOf(b.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'order.updated', actorId: admin.id, label: `#${b.id} · ${customer.email}`, subjectUserId: customer.id });
    expect(audit[0]!.after).toMatchObject({ status: 'shipped', carrier: 'other', track_num: 'KX-1' });
  });

  it('answers per order: unchanged when already shipped alike, refused with the reason otherwise', async () => {
    const shipped = await paidParcel();
    await ship(admin, { orders: [{ order_id: shipped.id, carrier: 'ups', track_num: '1Z9' }] });
    const unpaid = await paidParcel(customer, { paymentStatus: 'unpaid' });
    const licencesOnly = (await insertPaidOrder(t.db, customer, { status: 'delivered' })).order;
    const delivered = await paidParcel(customer, { status: 'delivered' });
    const fresh = await paidParcel();
    const res = await ship(admin, {
      orders: [
        { order_id: shipped.id, carrier: 'ups', track_num: '1Z9' },
        { order_id: 999_999, carrier: 'ups', track_num: 'X' },
        { order_id: unpaid.id, carrier: 'ups', track_num: 'X' },
        { order_id: licencesOnly.id, carrier: 'ups', track_num: 'X' },
        { order_id: delivered.id, carrier: 'ups', track_num: 'X' },
        { order_id: fresh.id, carrier: 'fedex', track_num: '7777' },
      ],
    });
    const answers = res.json().results.map((r: { order_id: number; outcome: string; detail: string }) => [r.order_id, r.outcome, r.detail]);
    expect(answers).toEqual([
      [shipped.id, 'unchanged', expect.stringMatching(/Already shipped with this carrier/)],
      [999_999, 'refused', 'No such order.'],
      [unpaid.id, 'refused', expect.stringMatching(/Not paid/)],
      [licencesOnly.id, 'refused', expect.stringMatching(/licences only/)],
      [delivered.id, 'refused', 'Already delivered.'],
      [fresh.id, 'shipped', expect.any(String)],
    ]);
    // Shipped with other tracking: refused, and the order keeps its number.
    const changed = await ship(admin, { orders: [{ order_id: shipped.id, carrier: 'dhl_express', track_num: 'D1' }] });
    expect(changed.json().results[0]).toMatchObject({ outcome: 'refused', detail: expect.stringMatching(/another carrier/) });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, shipped.id));
    expect(row).toMatchObject({ carrierCode: 'ups', trackNum: '1Z9' });
    expect(await shippedMails(customer, shipped.id)).toHaveLength(1);
    expect(await auditOf(shipped.id)).toHaveLength(1);
    expect(await t.db.select().from(orders).where(inArray(orders.id, [unpaid.id, delivered.id]))).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: unpaid.id, status: 'processing' }), expect.objectContaining({ id: delivered.id, status: 'delivered' })]),
    );
  });

  it('notifies and mails each customer once when two admins send the same shipment at the same moment', async () => {
    const buyers = [await createUserWithSession(t.db), await createUserWithSession(t.db)];
    const parcels = [await paidParcel(buyers[0]), await paidParcel(buyers[1])];
    const body = {
      orders: [
        { order_id: parcels[0]!.id, carrier: 'ninja_van', track_num: 'NV-1' },
        { order_id: parcels[1]!.id, carrier: 'jt_express', track_num: 'JT-2' },
      ],
    };
    // The second lists them the other way round: per-order transactions cannot deadlock.
    const [first, second] = await Promise.all([ship(admin, body), ship(otherAdmin, { orders: [...body.orders].reverse() })]);
    const outcomes = [...first.json().results, ...second.json().results].map((r: { order_id: number; outcome: string }) => `${r.order_id}:${r.outcome}`).sort();
    expect(outcomes).toEqual([`${parcels[0]!.id}:shipped`, `${parcels[0]!.id}:unchanged`, `${parcels[1]!.id}:shipped`, `${parcels[1]!.id}:unchanged`].sort());
    // And a retry of the same request later changes nothing either.
    expect((await ship(admin, body)).json().results.map((r: { outcome: string }) => r.outcome)).toEqual(['unchanged', 'unchanged']);
    for (const [i, parcel] of parcels.entries()) {
      expect(await shippedMails(buyers[i]!, parcel.id)).toHaveLength(1);
      expect(await notesOf(parcel.id)).toHaveLength(1);
      expect(await auditOf(parcel.id)).toHaveLength(1);
    }
  });

  // The race made certain: the order row is held while both requests reach it, then let go.
  // Without the row lock each would read "processing" and ship it, so the customer got two mails.
  it.runIf(onPostgres())('ships once when both requests are waiting on the order row at once (PostgreSQL)', async () => {
    const buyer = await createUserWithSession(t.db);
    const parcel = await paidParcel(buyer);
    const body = { orders: [{ order_id: parcel.id, carrier: 'jne', track_num: 'JNE-9' }] };
    const watcher = new pg.Client({ connectionString: t.databaseUrl });
    await watcher.connect();
    try {
      let calls: Promise<Awaited<ReturnType<typeof ship>>[]> | undefined;
      await t.db.transaction(async (tx) => {
        await tx.select().from(orders).where(eq(orders.id, parcel.id)).for('update');
        calls = Promise.all([ship(admin, body), ship(otherAdmin, body)]);
        for (let waiting = 0; waiting < 2; ) {
          await new Promise((resolve) => setTimeout(resolve, 20));
          const { rows } = await watcher.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
          waiting = rows[0].n;
        }
      });
      const outcomes = (await calls!).map((r) => r.json().results[0].outcome).sort();
      expect(outcomes).toEqual(['shipped', 'unchanged']);
      expect(await shippedMails(buyer, parcel.id)).toHaveLength(1);
      expect(await notesOf(parcel.id)).toHaveLength(1);
      expect(await auditOf(parcel.id)).toHaveLength(1);
    } finally {
      await watcher.end();
    }
  });
});
