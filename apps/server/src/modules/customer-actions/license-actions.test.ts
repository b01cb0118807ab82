import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { CUSTOMER_ACTION_MSG } from '@lbs/domain/customer-actions';
import { buildTestApp, mailTo, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { insertLicense } from '../../../test/account-fixtures';
import { activate, validate } from '../../../test/license-server-fixtures';
import { adminAudit, licenses, notifications, users } from '../../db/schema';
import { customerDate } from '../notifications/customer-date';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
const DAY = 24 * 3600 * 1000;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdminWithSession(t.db);
  customer = await createUserWithSession(t.db, { firstName: 'Ayu' });
  // Jakarta, so the dates told are the customer's, not the server's or the shop's.
  await t.db.update(users).set({ timeZone: 'Asia/Jakarta' }).where(eq(users.id, customer.id));
});
afterAll(() => t.close());

const act = (u: TestUser | null, licenseId: string, action: string, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/subscriptions/licenses/admin/${licenseId}/${action}`, headers: u?.headers, ...(payload ? { payload } : {}) });
const rowOf = async (id: string) => (await t.db.select().from(licenses).where(eq(licenses.id, id)))[0]!;
const lastAudit = async (action: string, id: string) =>
  (await t.db.select().from(adminAudit).where(and(eq(adminAudit.action, action), eq(adminAudit.targetId, id))).orderBy(desc(adminAudit.id)))[0];
const notesTitled = (title: string) =>
  t.db.select().from(notifications).where(and(eq(notifications.userId, customer.id), eq(notifications.title, title))).orderBy(desc(notifications.createdAt));
/** A key bound to a booth through the licence server, as a customer's would be. */
async function activatedLicense(device: string, opts: Parameters<typeof insertLicense>[2] = {}) {
  const l = await insertLicense(t.db, customer, { type: 'year', ...opts });
  expect((await activate(t, l.licenseKey, device, { device_name: 'Booth PC' })).statusCode).toBe(200);
  return rowOf(l.id);
}

describe.each([
  ['reset-device', undefined],
  ['extend', { days: 7, reason: 'x' }],
  ['suspend', { reason: 'x' }],
  ['reinstate', {}],
  ['resend-mail', undefined],
])('POST …/%s', (action, body) => {
  it('refuses a stranger (401) and a customer (403) before reading anything', async () => {
    expect((await act(null, 'not-a-uuid', action, { nonsense: 1 })).statusCode).toBe(401);
    expect((await act(customer, 'not-a-uuid', action, { nonsense: 1 })).statusCode).toBe(403);
  });

  it('answers 404 for an unknown licence and 400 for an id that is not one', async () => {
    expect((await act(admin, UNKNOWN, action, body)).statusCode).toBe(404);
    expect((await act(admin, 'not-a-uuid', action, body)).statusCode).toBe(400);
  });

  it('answers 409 for a revoked licence (revoke stays final)', async () => {
    const l = await insertLicense(t.db, customer, { revoked: true, deviceId: 'dev-r' });
    await t.db.update(licenses).set({ suspendedAt: new Date() }).where(eq(licenses.id, l.id));
    const res = await act(admin, l.id, action, body);
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(CUSTOMER_ACTION_MSG.licenseRevoked);
  });
});

describe('reset a licence’s device', () => {
  it('frees the device, tells the customer, audits, and does not spend the customer’s own resets', async () => {
    const l = await activatedLicense('booth-reset-1');
    const res = await act(admin, l.id, 'reset-device');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: l.id, device_number: null });
    expect(await rowOf(l.id)).toMatchObject({ deviceId: null, deviceBoundAt: null });

    const [note] = await notesTitled('License device reset');
    expect(note!.message).toContain('Booth PC');
    const [mail] = await mailTo(t.app, customer.email);
    expect(mail!.subject).toBe('Your LentiBooth license can be activated on a new device');
    expect(mail!.text).toContain('Hi Ayu,');

    const audit = await lastAudit('license.device_reset', l.id);
    expect(audit).toMatchObject({ actorId: admin.id, subjectUserId: customer.id, label: `…${l.licenseKey.slice(-5)} · ${customer.email}` });
    expect(audit!.before).toMatchObject({ device_id: 'booth-reset-1' });

    // Another PC can take the key now.
    expect((await activate(t, l.licenseKey, 'booth-reset-2')).statusCode).toBe(200);
    const mine = await t.app.inject({ method: 'GET', url: '/api/subscriptions/licenses', headers: customer.headers, query: { mode: 'CURRENT' } });
    expect(mine.json().items.find((x: { _id: string }) => x._id === l.id).device_resets_left).toBe(2);
  });

  it('answers 409 when no device is bound', async () => {
    const l = await insertLicense(t.db, customer);
    expect((await act(admin, l.id, 'reset-device')).statusCode).toBe(409);
  });
});

describe('extend a licence', () => {
  it('refuses a body without a reason, with both or neither of until and days, and days out of range (400)', async () => {
    const l = await insertLicense(t.db, customer);
    for (const body of [{ days: 5 }, { days: 5, reason: '  ' }, { reason: 'r' }, { days: 5, until: '2099-01-01', reason: 'r' }, { days: 0, reason: 'r' }, { days: 3651, reason: 'r' }, { days: 1.5, reason: 'r' }, { until: '2099-02-30', reason: 'r' }]) {
      const res = await act(admin, l.id, 'extend', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('adds days to the current end: the customer is told the new end in their time zone, with the reason', async () => {
    const l = await insertLicense(t.db, customer, { type: 'month' });
    const res = await act(admin, l.id, 'extend', { days: 10, reason: 'Booth outage on 20 Nov' });
    expect(res.statusCode).toBe(200);
    const end = new Date(l.expiresAt!.getTime() + 10 * DAY);
    expect(res.json().expire_date).toBe(end.toISOString());
    expect((await rowOf(l.id)).expiresAt).toEqual(end);

    const [note] = await notesTitled('License extended');
    expect(note!.message).toContain(`until ${customerDate(end, 'Asia/Jakarta')}`);
    expect(note!.message).toContain('Booth outage on 20 Nov');
    const [mail] = await mailTo(t.app, customer.email);
    expect(mail!.subject).toBe('Your LentiBooth license was extended');
    expect(mail!.text).toContain(customerDate(end, 'Asia/Jakarta'));

    const audit = await lastAudit('license.extended', l.id);
    expect(audit).toMatchObject({ subjectUserId: customer.id, label: `…${l.licenseKey.slice(-5)} · ${customer.email}` });
    expect(audit!.after).toMatchObject({ expires_at: end.toISOString(), reason: 'Booth outage on 20 Nov' });
  });

  it('takes a day as the end of that day in the customer’s time zone', async () => {
    const l = await insertLicense(t.db, customer, { type: 'month' });
    const res = await act(admin, l.id, 'extend', { until: '2099-03-01', reason: 'Goodwill' });
    expect(res.statusCode).toBe(200);
    // 23:59:59 in Jakarta (UTC+7) is 16:59:59 UTC.
    expect(res.json().expire_date).toBe('2099-03-01T16:59:59.000Z');
  });

  it('answers 409 for a date not after the current end, and 400 for one in the past', async () => {
    const l = await insertLicense(t.db, customer, { type: 'year' });
    const before = new Date(l.expiresAt!.getTime() - DAY).toISOString();
    const res = await act(admin, l.id, 'extend', { until: before, reason: 'r' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toContain('after the current end');
    const ended = await insertLicense(t.db, customer, { type: 'month', startAt: new Date(Date.now() - 90 * DAY) });
    expect((await act(admin, ended.id, 'extend', { until: new Date(Date.now() - DAY).toISOString(), reason: 'r' })).statusCode).toBe(400);
    expect((await rowOf(l.id)).expiresAt).toEqual(l.expiresAt);
  });

  it('counts days from now for a licence that has already ended', async () => {
    const ended = await insertLicense(t.db, customer, { type: 'month', startAt: new Date(Date.now() - 90 * DAY) });
    const res = await act(admin, ended.id, 'extend', { days: 3, reason: 'r' });
    expect(res.statusCode).toBe(200);
    expect(Date.parse(res.json().expire_date)).toBeGreaterThan(Date.now() + 3 * DAY - 60_000);
    expect(res.json().is_expired).toBe(false);
  });

  it('answers 409 for a key that never expires', async () => {
    const l = await insertLicense(t.db, customer, { type: 'onetime', expiresAt: null });
    const res = await act(admin, l.id, 'extend', { days: 3, reason: 'r' });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(CUSTOMER_ACTION_MSG.licenseNeverExpires);
  });

  it('moves an unused Daily pass’s activate-by date (its hours stay)', async () => {
    const l = await insertLicense(t.db, customer, { type: 'day' });
    const activateBy = new Date(Date.now() + 30 * DAY);
    await t.db.update(licenses).set({ activateBy, expiresAt: activateBy, unstartedTermHours: 24 }).where(eq(licenses.id, l.id));
    const res = await act(admin, l.id, 'extend', { days: 30, reason: 'Event moved' });
    expect(res.statusCode).toBe(200);
    const end = new Date(activateBy.getTime() + 30 * DAY);
    expect(res.json()).toMatchObject({ activate_by: end.toISOString(), expire_date: end.toISOString(), unstarted_term_hours: 24 });
    const [note] = await notesTitled('Daily pass extended');
    expect(note!.message).toContain(`activate it until ${customerDate(end, 'Asia/Jakarta')}`);
  });
});

describe('suspend and reinstate a licence', () => {
  it('suspends: the licence server answers SUSPENDED with no lease, key and device kept; reinstating makes it VALID again', async () => {
    const l = await activatedLicense('booth-susp-1');
    expect((await validate(t, l.licenseKey, 'booth-susp-1')).json()).toMatchObject({ valid: true, code: 'VALID' });

    const res = await act(admin, l.id, 'suspend', { reason: 'Payment disputed' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ suspended: true, device_number: 'booth-susp-1', expire_date: l.expiresAt!.toISOString() });
    const refused = (await validate(t, l.licenseKey, 'booth-susp-1')).json();
    expect(refused).toMatchObject({ valid: false, code: 'SUSPENDED' });
    expect(refused.lease).toBeUndefined();

    const [note] = await notesTitled('License suspended');
    expect(note!.message).toContain('Payment disputed');
    let [mail] = await mailTo(t.app, customer.email);
    expect(mail!.subject).toBe('Your LentiBooth license was suspended');
    const suspendedAudit = await lastAudit('license.suspended', l.id);
    expect(suspendedAudit).toMatchObject({ subjectUserId: customer.id, label: `…${l.licenseKey.slice(-5)} · ${customer.email}` });
    expect(suspendedAudit!.after).toMatchObject({ reason: 'Payment disputed' });

    const back = await act(admin, l.id, 'reinstate', {});
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ suspended: false, device_number: 'booth-susp-1' });
    const valid = (await validate(t, l.licenseKey, 'booth-susp-1')).json();
    expect(valid).toMatchObject({ valid: true, code: 'VALID' });
    expect(typeof valid.lease).toBe('string');

    expect(await notesTitled('License reinstated')).toHaveLength(1);
    [mail] = await mailTo(t.app, customer.email);
    expect(mail!.subject).toBe('Your LentiBooth license works again');
    expect(await lastAudit('license.reinstated', l.id)).toMatchObject({ subjectUserId: customer.id });
  });

  it('requires a reason to suspend (400)', async () => {
    const l = await insertLicense(t.db, customer);
    expect((await act(admin, l.id, 'suspend', {})).statusCode).toBe(400);
    expect((await act(admin, l.id, 'suspend', { reason: ' ' })).statusCode).toBe(400);
    expect((await rowOf(l.id)).suspendedAt).toBeNull();
  });

  it('answers 409 to suspend twice, to suspend an ended licence, and to reinstate one not suspended', async () => {
    const l = await insertLicense(t.db, customer);
    expect((await act(admin, l.id, 'reinstate', {})).json().detail).toBe(CUSTOMER_ACTION_MSG.notSuspended);
    expect((await act(admin, l.id, 'suspend', { reason: 'r' })).statusCode).toBe(200);
    const twice = await act(admin, l.id, 'suspend', { reason: 'r' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe(CUSTOMER_ACTION_MSG.alreadySuspended);
    const ended = await insertLicense(t.db, customer, { type: 'month', startAt: new Date(Date.now() - 90 * DAY) });
    expect((await act(admin, ended.id, 'suspend', { reason: 'r' })).statusCode).toBe(409);
  });

  it('refuses the customer’s own device reset while suspended (409 with a clear detail), and allows it after', async () => {
    const l = await activatedLicense('booth-susp-2');
    await act(admin, l.id, 'suspend', { reason: 'r' });
    const reset = () => t.app.inject({ method: 'POST', url: `/api/subscriptions/licenses/${l.id}/reset-device`, headers: customer.headers });
    const refused = await reset();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(CUSTOMER_ACTION_MSG.resetWhileSuspended);
    expect((await rowOf(l.id)).deviceId).toBe('booth-susp-2');
    await act(admin, l.id, 'reinstate', { reason: 'Resolved' });
    expect((await reset()).statusCode).toBe(200);
  });
});

describe('resend a licence key', () => {
  it('mails the whole key with its current terms, audits, and notifies nobody', async () => {
    const l = await insertLicense(t.db, customer, { type: 'year' });
    const notesBefore = (await t.db.select().from(notifications).where(eq(notifications.userId, customer.id))).length;
    const res = await act(admin, l.id, 'resend-mail');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: CUSTOMER_ACTION_MSG.licenseMailSent });
    const [mail] = await mailTo(t.app, customer.email);
    expect(mail!.subject).toBe('Your LentiBooth license key');
    expect(mail!.text).toContain(l.licenseKey);
    expect(mail!.text).toContain(customerDate(l.expiresAt!, 'Asia/Jakarta'));
    expect((await t.db.select().from(notifications).where(eq(notifications.userId, customer.id))).length).toBe(notesBefore);
    expect(await lastAudit('license.mail_resent', l.id)).toMatchObject({ actorId: admin.id, subjectUserId: customer.id, label: `…${l.licenseKey.slice(-5)} · ${customer.email}` });
  });
});
