import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_TEST_ENV } from '../../../test/production-env';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { buildTestApp, deliverMail, mailTo, type TestApp } from '../../../test/build-test-app';
import { enqueueMail } from '../outbox/enqueue';
import { createAdminWithSession, createUserWithSession } from '../../../test/fixtures';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  for (const subject of ['First <hello>', 'Second', 'Third']) {
    await t.db.transaction((tx) =>
      enqueueMail(tx, {
        to: 'Reader@Example.com',
        subject,
        text: `${subject} text`,
        html: `<p>${subject}</p>`,
      }),
    );
  }
  await enqueueMail(t.db, {
    to: 'someone-else@example.com',
    subject: 'Not yours',
    text: 'x',
    html: '<p>x</p>',
  });
  await deliverMail(t.app);
});
afterAll(() => t?.close());

describe('dev mailbox', () => {
  it('answers one address’s mail as JSON, newest first', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/mail?to=reader@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const mails = res.json();
    expect(mails.map((m: { subject: string }) => m.subject)).toEqual([
      'Third',
      'Second',
      'First <hello>',
    ]);
    expect(mails[0]).toMatchObject({
      to: 'reader@example.com',
      subject: 'Third',
      text: 'Third text',
      html: '<p>Third</p>',
      created_at: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(mails[0].created_at))).toBe(false);
  });

  it('matches the address case-insensitively', async () => {
    expect((await mailTo(t.app, 'READER@example.com')).length).toBe(3);
    expect(await mailTo(t.app, 'nobody@example.com')).toEqual([]);
  });

  it('shows the mail as an HTML page listing each subject, escaped', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Second');
    expect(res.body).toContain('Not yours');
    expect(res.body).toContain('First &lt;hello&gt;');
    expect(res.body).not.toContain('First <hello>');
  });
});

describe('dev mailbox in production', () => {
  it('does not exist, though mail is stored', async () => {
    const config = loadConfig({ ...PRODUCTION_TEST_ENV, LOG_LEVEL: 'silent' });
    // The same database as above, so the mail is there to leak if the routes existed.
    const app = await buildApp(config, { database: t.database, serveWeb: false });
    try {
      for (const url of ['/api/dev/mail?to=reader@example.com', '/dev/mailbox', '/dev/mailbox/1']) {
        const res = await app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toEqual({ detail: expect.any(String) });
      }
      expect(app.ctx.mail.kind).toBe('smtp');
    } finally {
      await app.close();
    }
  });
});

describe('dev mailbox reach (a shared network must not read other people’s reset links)', () => {
  const urls = ['/api/dev/mail?to=reader@example.com', '/dev/mailbox', '/dev/mailbox/1'];

  it('answers clients on this machine, over IPv4 and IPv6 loopback', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1']) {
      for (const url of urls) {
        const res = await t.app.inject({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, `${remoteAddress} ${url}`).toBe(200);
      }
    }
  });

  it('refuses an anonymous client from the network, with a reason', async () => {
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress: '192.168.1.50' });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toEqual({ detail: expect.stringMatching(/loopback|this machine/i) });
      expect(res.body).not.toContain('reader@example.com');
    }
  });

  it('refuses a signed-in customer from the network, and lets an admin read it', async () => {
    const customer = await createUserWithSession(t.db);
    const admin = await createAdminWithSession(t.db);
    for (const url of urls) {
      const denied = await t.app.inject({ method: 'GET', url, remoteAddress: '192.168.1.50', headers: customer.headers });
      expect(denied.statusCode, url).toBe(403);
      const allowed = await t.app.inject({ method: 'GET', url, remoteAddress: '192.168.1.50', headers: admin.headers });
      expect(allowed.statusCode, url).toBe(200);
    }
    const mails = (
      await t.app.inject({ method: 'GET', url: urls[0]!, remoteAddress: '192.168.1.50', headers: admin.headers })
    ).json();
    expect(mails).toHaveLength(3);
  });

  it('judges the client behind a trusted proxy by X-Forwarded-For, and ignores that header otherwise', async () => {
    const proxied = await buildTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const remote = await proxied.app.inject({
        method: 'GET',
        url: '/api/dev/mail',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(remote.statusCode).toBe(403);
      const local = await proxied.app.inject({
        method: 'GET',
        url: '/api/dev/mail',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(local.statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
    // Untrusted: a network client cannot claim to be loopback.
    const spoofed = await t.app.inject({
      method: 'GET',
      url: '/api/dev/mail',
      remoteAddress: '192.168.1.50',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(spoofed.statusCode).toBe(403);
  });
});
