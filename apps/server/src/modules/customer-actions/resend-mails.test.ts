import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { CUSTOMER_ACTION_MSG } from '@lbs/domain/customer-actions';
import { mailTo, type TestApp } from '../../../test/build-test-app';
import { buildAdminTestApp } from '../../../test/admin-test-app';
import { createUserWithSession, randomIp, type TestUser } from '../../../test/fixtures';
import { insertLicense, insertPaidOrder } from '../../../test/account-fixtures';
import { adminAudit, emailTokens, notifications } from '../../db/schema';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  ({ t, admin, customer } = await buildAdminTestApp({ customer: { firstName: 'Budi' } }));
});
afterAll(() => t.close());

const post = (u: TestUser | null, url: string) => t.app.inject({ method: 'POST', url, headers: u?.headers, payload: { nonsense: true } });
const lastAudit = async (action: string, id: string | number) =>
  (await t.db.select().from(adminAudit).where(and(eq(adminAudit.action, action), eq(adminAudit.targetId, String(id)))).orderBy(desc(adminAudit.id)))[0];
const notesOf = async (userId: number) => (await t.db.select().from(notifications).where(eq(notifications.userId, userId))).length;

describe('resend the verification mail', () => {
  const url = (id: number | string) => `/api/users/admin/${id}/resend-verification`;

  it('refuses a stranger (401) and a customer (403) before validating', async () => {
    expect((await post(null, url('x'))).statusCode).toBe(401);
    expect((await post(customer, url('x'))).statusCode).toBe(403);
  });

  it('answers 404 for an unknown customer and 400 for an id that is not one', async () => {
    expect((await post(admin, url(999_999))).statusCode).toBe(404);
    expect((await post(admin, url('abc'))).statusCode).toBe(400);
  });

  it('answers 409 when the address is already verified', async () => {
    const res = await post(admin, url(customer.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(CUSTOMER_ACTION_MSG.alreadyVerified);
  });

  it('mails a working verification link, logs it as the auth module does, audits; a second within the minute is 429', async () => {
    const unverified = await createUserWithSession(t.db, { verified: false, firstName: 'Sari' });
    const res = await post(admin, url(unverified.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: CUSTOMER_ACTION_MSG.verificationMailSent });
    const [mail] = await mailTo(t.app, unverified.email);
    expect(mail!.subject).toBe('Verify your email address');
    const token = /\/verify-email\/([^\s"<)]+)/.exec(mail!.text)![1]!;
    const verified = await t.app.inject({ method: 'GET', url: `/api/users/verify-email/${token}`, remoteAddress: randomIp() });
    expect(verified.statusCode).toBe(200);

    expect(await lastAudit('user.verification_resent', unverified.id)).toMatchObject({ actorId: admin.id, subjectUserId: unverified.id, label: unverified.email });
    // Now verified: nothing more to send.
    expect((await post(admin, url(unverified.id))).statusCode).toBe(409);
  });

  it('shares the one-a-minute limit with the customer’s own resend (429, nothing sent)', async () => {
    const unverified = await createUserWithSession(t.db, { verified: false });
    const own = await t.app.inject({ method: 'POST', url: '/api/users/resend-verification', query: { email: unverified.email }, remoteAddress: randomIp() });
    expect(own.statusCode).toBe(200);
    const res = await post(admin, url(unverified.id));
    expect(res.statusCode).toBe(429);
    expect(res.json().detail).toBe(CUSTOMER_ACTION_MSG.verificationMailWait);
    expect(await t.db.select().from(emailTokens).where(eq(emailTokens.userId, unverified.id))).toHaveLength(1);
    expect(await lastAudit('user.verification_resent', unverified.id)).toBeUndefined();
  });
});

describe('resend an order’s receipt', () => {
  const url = (id: number | string) => `/api/order/admin/${id}/resend-mail`;

  it('refuses a stranger (401) and a customer (403) before validating', async () => {
    expect((await post(null, url('x'))).statusCode).toBe(401);
    expect((await post(customer, url('x'))).statusCode).toBe(403);
  });

  it('answers 404 for an unknown order and 409 for an unpaid one', async () => {
    expect((await post(admin, url(999_999))).statusCode).toBe(404);
    const { order } = await insertPaidOrder(t.db, customer, { paymentStatus: 'unpaid' });
    const res = await post(admin, url(order.id));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(CUSTOMER_ACTION_MSG.orderNotPaid);
  });

  it('mails the receipt again with the invoice number and the keys the order issued; audits; notifies nobody', async () => {
    const { order, invoice } = await insertPaidOrder(t.db, customer, { lines: [{ productId: 12, quantity: 1 }] });
    const key = await insertLicense(t.db, customer, { type: 'month', orderId: order.id });
    const notesBefore = await notesOf(customer.id);
    const res = await post(admin, url(order.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: CUSTOMER_ACTION_MSG.orderMailSent });
    const [mail] = await mailTo(t.app, customer.email);
    expect(mail!.subject).toBe(`Your LentiBooth receipt for order #${order.id}`);
    expect(mail!.text).toContain(`INV-${String(invoice!.invoiceNo).padStart(6, '0')}`);
    expect(mail!.text).toContain(key.licenseKey);
    expect(mail!.text).toContain('Hi Budi,');
    expect(await notesOf(customer.id)).toBe(notesBefore);
    expect(await lastAudit('order.mail_resent', order.id)).toMatchObject({ actorId: admin.id, subjectUserId: customer.id, label: `#${order.id} · ${customer.email}` });
  });
});
