import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailTo, type TestApp } from '../../../test/build-test-app';
import { buildAdminTestApp } from '../../../test/admin-test-app';
import type { TestUser } from '../../../test/fixtures';
import { insertPaidOrder } from '../../../test/account-fixtures';
import { adminAudit, notifications } from '../../db/schema';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  ({ t, admin, customer } = await buildAdminTestApp());
});
afterAll(() => t.close());

const put = (u: TestUser | null, id: number | string, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/order/${id}`, headers: u?.headers, payload: payload as object });
const SHIPPED = {
  status: 'shipped',
  track_num: 'TRK-123456',
  carrier_name: 'DHL Express',
  estimate_date: '2030-01-10',
  track_url: 'https://www.dhl.com/track?id=TRK-123456',
};

describe('PUT /api/order/{orderId}', () => {
  it('refuses a stranger (401) and a customer (403) before validation', async () => {
    const { order } = await insertPaidOrder(t.db, customer);
    expect((await put(null, order.id, { status: 'nonsense' })).statusCode).toBe(401);
    expect((await put(customer, order.id, { status: 'nonsense' })).statusCode).toBe(403);
  });

  it('accepts the four lowercase statuses only, and http(s) tracking links only', async () => {
    const { order } = await insertPaidOrder(t.db, customer);
    expect((await put(admin, order.id, { status: 'Shipped' })).statusCode).toBe(400);
    expect((await put(admin, order.id, { status: 'lost' })).statusCode).toBe(400);
    const js = await put(admin, order.id, { ...SHIPPED, track_url: 'javascript:alert(document.cookie)' });
    expect(js.statusCode).toBe(400);
    expect(js.json().detail).toMatch(/http/);
    expect((await put(admin, 999_999, SHIPPED)).statusCode).toBe(404);
    // Statuses may be chosen freely, backwards too.
    expect((await put(admin, order.id, { status: 'delivered' })).json().status).toBe('delivered');
    expect((await put(admin, order.id, { status: 'processing' })).json().status).toBe('processing');
  });

  it('ships: notifies the customer, mails carrier, number and link, and audits before and after', async () => {
    const { order } = await insertPaidOrder(t.db, customer, { status: 'processing' });
    const res = await put(admin, order.id, SHIPPED);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ order_id: order.id, ...SHIPPED });

    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, customer.id));
    const note = notes.find((n) => n.title.includes(`#${order.id}`));
    expect(note).toMatchObject({ type: 'order_status_update' });
    expect(note!.message).toContain('TRK-123456');

    const mail = (await mailTo(t.app, customer.email)).find((m) => m.subject.includes(`#${order.id} has shipped`));
    expect(mail).toBeDefined();
    expect(mail!.text).toContain('DHL Express');
    expect(mail!.text).toContain('TRK-123456');
    expect(mail!.text).toContain(SHIPPED.track_url);
    // A calendar day, written as the order dialog writes it (issue 21: one formatter).
    expect(mail!.text).toContain('Estimated delivery: 10 Jan 2030');

    const rows = await t.db.select().from(adminAudit).where(eq(adminAudit.targetId, String(order.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'order.updated', actorId: admin.id, targetType: 'order', label: `#${order.id} · ${order.email}`, subjectUserId: customer.id });
    expect(rows[0]!.before).toMatchObject({ status: 'processing', track_num: null });
    expect(rows[0]!.after).toMatchObject({ status: 'shipped', track_num: 'TRK-123456' });

    const delivered = await put(admin, order.id, { status: 'delivered' });
    expect(delivered.json()).toMatchObject({ status: 'delivered', track_num: 'TRK-123456' });
    expect((await mailTo(t.app, customer.email)).some((m) => m.subject.includes(`#${order.id} was delivered`))).toBe(true);
  });

  it('clears the tracking number of a pending order and mails nothing for it', async () => {
    const { order } = await insertPaidOrder(t.db, customer, { status: 'processing', trackNum: 'OLD-1' });
    const before = (await mailTo(t.app, customer.email)).length;
    const res = await put(admin, order.id, { status: 'pending', track_num: 'IGNORED' });
    expect(res.json()).toMatchObject({ status: 'pending', track_num: '' });
    expect((await mailTo(t.app, customer.email)).length).toBe(before);
  });

  it('builds a listed carrier’s name and link itself, whatever link is sent; other keeps the typed ones', async () => {
    const { order } = await insertPaidOrder(t.db, customer, { status: 'processing' });
    const res = await put(admin, order.id, { status: 'shipped', carrier: 'fedex', track_num: '7489 12', carrier_name: 'Fake', track_url: 'https://evil.example.com/x' });
    expect(res.json()).toMatchObject({ carrier: 'fedex', carrier_name: 'FedEx', track_url: 'https://www.fedex.com/fedextrack/?trknbr=7489%2012' });
    // A new number with the carrier kept (an older client sends no carrier): the link follows.
    expect((await put(admin, order.id, { status: 'shipped', track_num: '999' })).json()).toMatchObject({ carrier: 'fedex', track_url: 'https://www.fedex.com/fedextrack/?trknbr=999' });
    const other = await put(admin, order.id, { status: 'shipped', carrier: 'other', track_num: 'K1', carrier_name: 'Kerry Express', track_url: 'https://kerry.example.com/K1' });
    expect(other.json()).toMatchObject({ carrier: 'other', carrier_name: 'Kerry Express', track_url: 'https://kerry.example.com/K1' });
    expect((await put(admin, order.id, { status: 'shipped', carrier: 'pigeon' })).statusCode).toBe(400);
    // The older fields alone (a name typed by hand) unpick the listed carrier, as before the list.
    await put(admin, order.id, { status: 'shipped', carrier: 'ups', track_num: '1Z' });
    const typed = await put(admin, order.id, { status: 'shipped', track_num: '1Z', carrier_name: 'DHL', track_url: 'https://dhl.example.com/1Z' });
    expect(typed.json()).toMatchObject({ carrier: '', carrier_name: 'DHL', track_url: 'https://dhl.example.com/1Z' });
  });
});
