import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import { buildTestApp, mailTo, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, createUserWithSession } from '../../../test/fixtures';
import { adminNotifications, contactMessages, notifications, outbox } from '../../db/schema';
import type { MailMessage } from '../outbox/enqueue';
import { contactInbox } from './contact-inbox';
import { CONTACT_NOTIFICATION_TYPE } from './send-contact-message';

const INBOX = 'sales-inbox@lenticularbooth.test';

const good = {
  name: 'Jane Tan',
  email: 'Jane.Tan@Example.com',
  phone: '+65 (6123) 45-67',
  company: 'Snap Events Pte Ltd',
  message: 'We run 40 weddings a year.\n\nCan your software work with our DNP DS620?',
};

let ipCounter = 0;
/** Each call comes from its own address unless told otherwise, so the rate limit only bites where a test wants it to. */
const post = (t: TestApp, payload: unknown, ip = `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`) =>
  t.app.inject({ method: 'POST', url: '/api/admin/contact', payload: payload as object, remoteAddress: ip });

async function pendingMails(t: TestApp): Promise<MailMessage[]> {
  const rows = await t.db.select().from(outbox).where(eq(outbox.kind, 'mail'));
  return rows.map((r) => r.payload as MailMessage);
}

describe('POST /api/admin/contact', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await buildTestApp({ CONTACT_INBOX: INBOX });
    await createAdminWithSession(t.db, 'boss@lenticularbooth.test');
    await createAdminWithSession(t.db, 'ops@lenticularbooth.test');
    await createUserWithSession(t.db);
  });
  afterAll(() => t?.close());

  it('stores the message, tells the admins\' feed once and mails the sales inbox with the sender as reply-to', async () => {
    const res = await post(t, good, '203.0.113.7');
    expect(res.statusCode).toBe(201);
    const { id } = res.json() as { id: number };

    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row).toMatchObject({
      name: 'Jane Tan',
      email: 'jane.tan@example.com',
      phone: '+65 (6123) 45-67',
      company: 'Snap Events Pte Ltd',
      message: good.message,
      ip: '203.0.113.7',
    });

    // One row of the admins' shared feed, about nobody (sent signed out); nobody's own notification.
    expect(await t.db.select().from(notifications).where(eq(notifications.type, CONTACT_NOTIFICATION_TYPE))).toEqual([]);
    const notes = await t.db.select().from(adminNotifications).where(eq(adminNotifications.type, CONTACT_NOTIFICATION_TYPE));
    expect(notes).toHaveLength(1);
    expect(notes[0]!.subjectUserId).toBeNull();
    expect(notes[0]!.title).toBe('New enquiry from Jane Tan (Snap Events Pte Ltd)');
    expect(notes[0]!.message).toContain('jane.tan@example.com');
    expect(notes[0]!.message).toContain('DNP DS620');

    const mails = await pendingMails(t);
    const mail = mails.find((m) => m.subject === 'Contact form: Jane Tan (Snap Events Pte Ltd)');
    expect(mail).toBeDefined();
    expect(mail!.to).toBe(INBOX);
    expect(mail!.replyTo).toBe('jane.tan@example.com');

    const delivered = await mailTo(t.app, INBOX);
    const received = delivered.find((m) => m.subject === 'Contact form: Jane Tan (Snap Events Pte Ltd)');
    expect(received?.text).toContain('Can your software work with our DNP DS620?');
    expect(received?.text).toContain('Phone: +65 (6123) 45-67');
    expect(received?.html).toContain('Snap Events Pte Ltd');
  });

  it('escapes markup in the mail and keeps visitor text out of the headers', async () => {
    const res = await post(t, {
      ...good,
      name: 'Evil\r\nBcc: victim@example.com',
      company: 'ACME\nX-Injected: yes',
      message: '<script>alert(1)</script> hello there',
    });
    expect(res.statusCode).toBe(201);
    const mail = (await pendingMails(t)).find((m) => m.subject.startsWith('Contact form: Evil'));
    expect(mail).toBeDefined();
    expect(mail!.subject).not.toMatch(/[\r\n]/);
    expect(mail!.subject).toBe('Contact form: Evil Bcc: victim@example.com (ACME X-Injected: yes)');
    expect(mail!.replyTo).toBe('jane.tan@example.com');
    expect(mail!.html).not.toContain('<script>');
    expect(mail!.html).toContain('&lt;script&gt;');
  });

  it('refuses every rule of the form with its message and stores nothing', async () => {
    const before = (await t.db.select().from(contactMessages)).length;
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...good, name: '   ' }, MSG.nameRequired],
      [{ ...good, email: '' }, MSG.emailRequired],
      [{ ...good, email: 'jane@' }, MSG.invalidEmail],
      [{ ...good, phone: ' \t ' }, MSG.phoneRequired],
      [{ ...good, phone: '0123 4567' }, MSG.invalidPhone],
      [{ ...good, phone: '+1 2345 6789 0123 4567' }, MSG.invalidPhone],
      [{ ...good, phone: '65-6123-abcd' }, MSG.invalidPhone],
      [{ ...good, company: '' }, MSG.companyRequired],
      [{ ...good, message: '          ' }, MSG.messageRequired],
      [{ ...good, message: '  123456789  ' }, MSG.messageTooShort],
      [{ ...good, message: 'x'.repeat(5001) }, MSG.fieldTooLong],
      [{ name: 'Jane' }, MSG.emailRequired],
    ];
    for (const [payload, message] of cases) {
      const res = await post(t, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().detail, JSON.stringify(payload).slice(0, 80)).toContain(message);
    }
    const unknown = await post(t, { ...good, role: 'admin' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().detail).toMatch(/role/);

    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/admin/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
      remoteAddress: '198.51.100.200',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toHaveProperty('detail');

    const wrongType = await post(t, { ...good, phone: 6561234567 });
    expect(wrongType.statusCode).toBe(400);

    expect((await t.db.select().from(contactMessages)).length).toBe(before);
  });

  it('accepts the phone forms the rule allows', async () => {
    for (const phone of ['6561234567', '+62 (21) 555.1234', '1234567890123456']) {
      expect((await post(t, { ...good, phone })).statusCode, phone).toBe(201);
    }
  });

  it('limits each client to 5 messages in 10 minutes, counting refused ones too, without touching other clients', async () => {
    const ip = '192.0.2.55';
    for (let i = 0; i < 4; i++) expect((await post(t, good, ip)).statusCode).toBe(201);
    expect((await post(t, { ...good, name: '' }, ip)).statusCode).toBe(400);
    const before = (await t.db.select().from(contactMessages)).length;
    const limited = await post(t, good, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ detail: MSG.tooManyRequests });
    expect((await t.db.select().from(contactMessages)).length).toBe(before);
    expect((await post(t, good, '192.0.2.56')).statusCode).toBe(201);
  });
});

describe('the sales inbox', () => {
  it('falls back to ADMIN_EMAIL, then the first admin, and with no admin at all still keeps the message', async () => {
    const t = await buildTestApp();
    try {
      expect((await post(t, good)).statusCode).toBe(201);
      expect(await pendingMails(t)).toEqual([]);
      expect((await t.db.select().from(contactMessages)).length).toBe(1);

      await createAdminWithSession(t.db, 'first-admin@lenticularbooth.test');
      await createAdminWithSession(t.db, 'second-admin@lenticularbooth.test');
      expect((await post(t, good)).statusCode).toBe(201);
      expect((await pendingMails(t)).map((m) => m.to)).toEqual(['first-admin@lenticularbooth.test']);

      const withAdminEmail = { ...t.ctx.config, CONTACT_INBOX: undefined, ADMIN_EMAIL: 'owner@lenticularbooth.test' };
      expect(await contactInbox(t.db, withAdminEmail)).toBe('owner@lenticularbooth.test');
      expect(await contactInbox(t.db, { ...withAdminEmail, CONTACT_INBOX: INBOX })).toBe(INBOX);
    } finally {
      await t.close();
    }
  });
});
