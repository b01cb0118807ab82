import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCustomerTimelineEntry } from '@lbs/domain/customer-page';
import {
  adminAudit,
  authEvents,
  licenseDeactivations,
  licenseDeviceAddresses,
  licenseDeviceResets,
  licenseOfflineActivations,
  licenses,
  orderLines,
  orders,
  users,
} from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { insertLicense, insertPaidOrder } from '../../../test/account-fixtures';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';

let t: TestApp;
let admin: TestUser;
let erin: TestUser;
let keySuffix: string;
let order1: number;
let order3: number;
let licenseId: string;

/** Minute n of a fixed morning: the events happen in this order. */
const at = (n: number) => new Date(Date.UTC(2030, 5, 1, 8, n));

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdminWithSession(t.db, 'boss@timeline.test');
  erin = await createUserWithSession(t.db, { email: 'erin@timeline.test' });
  const other = await createUserWithSession(t.db, { email: 'other@timeline.test' });
  const db = t.db;

  await db.update(users).set({ createdAt: at(0) }).where(eq(users.id, erin.id));
  await db.insert(authEvents).values([
    { userId: erin.id, email: erin.email, event: 'email_verified', createdAt: at(1) },
    // Not a step of the customer's story: sign-ins stay in the auth log.
    { userId: erin.id, email: erin.email, event: 'signin', createdAt: at(1) },
  ]);
  order1 = (await insertPaidOrder(db, erin, { createdAt: at(2) })).order.id;
  const license = await insertLicense(db, erin, { startAt: at(3), orderId: order1 });
  licenseId = license.id;
  keySuffix = license.licenseKey.slice(-5);
  await db.update(licenses).set({ createdAt: at(3) }).where(eq(licenses.id, licenseId));
  const failed = (await insertPaidOrder(db, erin, { createdAt: at(4), paymentStatus: 'failed' })).order.id;
  await db.update(orders).set({ updatedAt: at(5) }).where(eq(orders.id, failed));
  // The old booth checked in from two addresses (one first-seen entry), then was freed and reset.
  await db.insert(licenseDeviceAddresses).values([
    { licenseId, deviceId: 'booth-old', ip: '10.0.0.1', firstSeenAt: at(6), lastSeenAt: at(7) },
    { licenseId, deviceId: 'booth-old', ip: '10.0.0.2', firstSeenAt: at(6.5), lastSeenAt: at(7) },
    { licenseId, deviceId: 'booth-new', ip: '10.0.0.3', firstSeenAt: at(8), lastSeenAt: at(8) },
  ]);
  await db.insert(licenseDeactivations).values({ licenseId, deviceId: 'booth-old', createdAt: at(7) });
  await db.insert(licenseDeviceResets).values({ licenseId, previousDeviceId: 'booth-old', createdAt: at(7) });
  await db.update(licenses).set({ deviceId: 'booth-new', deviceName: 'Front desk', deviceBoundAt: at(8) }).where(eq(licenses.id, licenseId));
  await db.insert(licenseOfflineActivations).values({
    licenseId,
    deviceId: 'booth-new',
    deviceName: 'Back room',
    nonce: 'n1',
    requestExpiresAt: at(60),
    leaseExpiresAt: at(600),
    actorId: admin.id,
    byAdmin: true,
    createdAt: at(10),
  });
  order3 = (await insertPaidOrder(db, erin, { createdAt: at(11) })).order.id;
  await db.update(orderLines).set({ renewsLicenseId: licenseId }).where(eq(orderLines.orderId, order3));
  await db.insert(adminAudit).values([
    {
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'order.updated',
      targetType: 'order',
      targetId: String(order1),
      before: { status: 'pending' },
      after: { status: 'shipped' },
      label: `order #${order1}`,
      subjectUserId: erin.id,
      createdAt: at(12),
    },
    {
      actorId: admin.id,
      actorEmail: admin.email,
      action: 'license.revoked',
      targetType: 'license',
      targetId: licenseId,
      before: {},
      after: {},
      label: `…${keySuffix}`,
      subjectUserId: erin.id,
      createdAt: at(14),
    },
    // About nobody in particular: not on anyone's page.
    { actorId: admin.id, actorEmail: admin.email, action: 'coupon.created', targetType: 'coupon', targetId: 'c1', before: null, after: {}, createdAt: at(14) },
  ]);
  await db.update(licenses).set({ suspendedAt: at(13), revokedAt: at(14) }).where(eq(licenses.id, licenseId));
  // Another customer's order at the same minute as Erin's events.
  await insertPaidOrder(db, other, { createdAt: at(11) });
});
afterAll(() => t.close());

const page = async (q: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/customers/${erin.id}/timeline?${q}`, headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return res.json() as { items: TCustomerTimelineEntry[]; total: number; page: number; page_size: number };
};

/** Newest first; a minute's events by kind. */
const EXPECTED: Array<[number, string]> = [
  [14, 'admin_action'],
  [14, 'license_revoked'],
  [13, 'license_suspended'],
  [12, 'order_shipped'],
  [11, 'invoice_issued'],
  [11, 'license_renewed'],
  [11, 'order_created'],
  [11, 'order_paid'],
  [10, 'device_activated_offline'],
  [8, 'device_activated'],
  [7, 'device_deactivated'],
  [7, 'device_reset'],
  [6, 'device_first_seen'],
  [5, 'order_failed'],
  [4, 'order_created'],
  [3, 'license_issued'],
  [2, 'invoice_issued'],
  [2, 'order_created'],
  [2, 'order_paid'],
  [1, 'email_verified'],
  [0, 'signed_up'],
];

describe('GET /admin/customers/:id/timeline', () => {
  it('merges every source newest first, ties by kind, and counts them all', async () => {
    const all = await page('page_size=100');
    expect(all.total).toBe(EXPECTED.length);
    expect(all.items.map((e) => [e.at, e.kind])).toEqual(EXPECTED.map(([m, kind]) => [at(m).toISOString(), kind]));
    expect(new Set(all.items.map((e) => e.id)).size).toBe(EXPECTED.length);
  });

  it('pages on the server: the first and the last page, and past the end', async () => {
    const all = (await page('page_size=100')).items;
    const first = await page('page_size=5');
    const last = await page('page_size=5&page=5');
    expect(first).toMatchObject({ total: 21, page: 1, page_size: 5 });
    expect(first.items).toEqual(all.slice(0, 5));
    expect(last).toMatchObject({ total: 21, page: 5 });
    expect(last.items).toEqual(all.slice(20));
    const pages = await Promise.all([1, 2, 3, 4, 5].map((p) => page(`page_size=5&page=${p}`)));
    expect(pages.flatMap((p) => p.items)).toEqual(all);
    expect(await page('page_size=5&page=6')).toEqual({ items: [], total: 21, page: 6, page_size: 5 });
  });

  it('says what each entry is about, and links it to its order, invoice or licence', async () => {
    const { items } = await page('page_size=100');
    const of = (kind: string, m: number) => items.find((e) => e.kind === kind && e.at === at(m).toISOString())!;
    expect(of('signed_up', 0)).toMatchObject({ label: 'Signed up', detail: erin.email, ref: null });
    expect(of('order_paid', 2)).toMatchObject({ label: `Order #${order1} paid`, detail: expect.stringMatching(/^\$\d/), ref: { type: 'order', id: String(order1) } });
    expect(of('order_shipped', 12)).toMatchObject({ label: `Order #${order1} shipped`, detail: `by ${admin.email}`, ref: { type: 'order', id: String(order1) } });
    expect(of('license_issued', 3)).toMatchObject({ label: `License …${keySuffix} issued`, detail: 'Yearly', ref: { type: 'license', id: licenseId } });
    expect(of('license_renewed', 11)).toMatchObject({ label: `License …${keySuffix} renewed`, detail: `order #${order3}` });
    expect(of('device_activated', 8)).toMatchObject({ label: `License …${keySuffix} activated on a device`, detail: 'Front desk' });
    expect(of('device_activated_offline', 10).detail).toBe('Back room, by an admin');
    expect(of('device_first_seen', 6)).toMatchObject({ detail: 'booth-old' });
    expect(of('device_reset', 7)).toMatchObject({ detail: 'was booth-old' });
    expect(of('admin_action', 14)).toMatchObject({ label: `Revoked a license: …${keySuffix}`, detail: `by ${admin.email}`, ref: { type: 'license', id: licenseId } });
    expect(of('invoice_issued', 2).ref?.type).toBe('invoice');
  });

  it('gives the page’s head the time the address was verified', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/customers/${erin.id}`, headers: admin.headers });
    expect(res.json()).toMatchObject({ email_verified_at: at(1).toISOString(), created_at: at(0).toISOString(), counts: { orders: 3, invoices: 2, licenses: 1 } });
  });

  it('is the same on every call (the order is total, ids are stable)', async () => {
    const [a, b] = await Promise.all([page('page_size=7&page=2'), page('page_size=7&page=2')]);
    expect(a).toEqual(b);
  });
});
