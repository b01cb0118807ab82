import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, mailTo, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, createUserWithSession, randomIp, type TestUser } from '../../../test/fixtures';
import { users } from '../../db/schema';
import { unsubscribeToken } from './unsubscribe-token';

let t: TestApp;
let owner: TestUser;
let jane: TestUser;
let joe: TestUser;

const choices = async (u: TestUser) =>
  (
    await t.db
      .select({ announcements: users.notifyAnnouncements, promotional: users.notifyPromotional, consentAt: users.promotionalConsentAt })
      .from(users)
      .where(eq(users.id, u.id))
  )[0]!;
const turnOn = (u: TestUser) => t.db.update(users).set({ notifyAnnouncements: true, notifyPromotional: true, promotionalConsentAt: new Date() }).where(eq(users.id, u.id));
const oneClick = (url: string) =>
  t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click', remoteAddress: randomIp() });

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://shop.example.com' });
  owner = await createAdminWithSession(t.db);
  jane = await createUserWithSession(t.db, { firstName: 'Jane' });
  joe = await createUserWithSession(t.db);
});
afterAll(() => t?.close());

describe('a campaign mail', () => {
  it('carries List-Unsubscribe (one-click, RFC 8058) and a link to the confirm page', async () => {
    await turnOn(jane);
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/campaigns', headers: owner.headers, payload: { kind: 'promotional', subject: 'Ten percent off rollers', body: 'This week only.' } });
    await t.app.inject({ method: 'POST', url: `/api/admin/campaigns/${created.json().id}/send`, headers: owner.headers });
    const [mail] = (await mailTo(t.app, jane.email)).filter((m) => m.subject === 'Ten percent off rollers');
    const token = await unsubscribeToken(t.db, jane.id);
    expect(mail!.headers).toEqual({
      'List-Unsubscribe': `<https://shop.example.com/api/unsubscribe/${token}?list=promotional>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail!.text).toContain('Hi Jane,');
    expect(mail!.text).toContain(`Unsubscribe: https://shop.example.com/unsubscribe/${token}?list=promotional`);
    expect(mail!.html).toContain(`href="https://shop.example.com/unsubscribe/${token}?list=promotional"`);
  });
});

describe('/api/unsubscribe/:token', () => {
  it('a GET (a mail scanner, or the confirm page) shows what would change and changes nothing', async () => {
    await turnOn(jane);
    const token = await unsubscribeToken(t.db, jane.id);
    for (const list of ['announcement', 'promotional']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/unsubscribe/${token}?list=${list}`, remoteAddress: randomIp() });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ email: jane.email, list, subscribed: true });
    }
    expect(await choices(jane)).toMatchObject({ announcements: true, promotional: true });
  });

  it('the one-click POST turns that list off without signing in; promotional also forgets the consent', async () => {
    await turnOn(jane);
    const token = await unsubscribeToken(t.db, jane.id);
    const res = await oneClick(`/api/unsubscribe/${token}?list=promotional`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ email: jane.email, list: 'promotional', subscribed: false });
    expect(await choices(jane)).toEqual({ announcements: true, promotional: false, consentAt: null });
    // Again: still off, still 200.
    expect((await oneClick(`/api/unsubscribe/${token}?list=promotional`)).statusCode).toBe(200);
  });

  it('the confirm page’s JSON POST turns announcements off', async () => {
    await turnOn(jane);
    const token = await unsubscribeToken(t.db, jane.id);
    const res = await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}?list=announcement`, payload: {}, remoteAddress: randomIp() });
    expect(res.statusCode).toBe(200);
    expect(await choices(jane)).toMatchObject({ announcements: false, promotional: true });
  });

  it('a token changes only its own customer’s choice', async () => {
    await turnOn(jane);
    await turnOn(joe);
    const joesToken = await unsubscribeToken(t.db, joe.id);
    await oneClick(`/api/unsubscribe/${joesToken}?list=announcement`);
    expect((await choices(joe)).announcements).toBe(false);
    expect((await choices(jane)).announcements).toBe(true);
  });

  it('a wrong, forged or malformed token answers 404 {detail} and changes nothing; a missing list 400', async () => {
    await turnOn(jane);
    const token = await unsubscribeToken(t.db, jane.id);
    const mac = token.split('.')[1]!;
    const forged = [
      `${joe.id}.${mac}`, // Jane's signature on Joe's id
      `${jane.id}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      `${jane.id}.short`,
      'nonsense',
      `99999999.${mac}`,
      `${jane.id}.${mac}x`,
    ];
    for (const bad of forged) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url: `/api/unsubscribe/${encodeURIComponent(bad)}?list=announcement`, remoteAddress: randomIp(), ...(method === 'POST' ? { payload: {} } : {}) });
        expect(res.statusCode, `${method} ${bad}`).toBe(404);
        expect(res.json().detail).toMatch(/not valid/);
      }
    }
    expect(await choices(jane)).toMatchObject({ announcements: true, promotional: true });
    const noList = await oneClick(`/api/unsubscribe/${token}`);
    expect(noList.statusCode).toBe(400);
    expect(noList.json().detail).toContain('list');
    expect((await t.app.inject({ method: 'POST', url: `/api/unsubscribe/${token}?list=announcement`, headers: { 'content-type': 'text/plain' }, payload: 'x', remoteAddress: randomIp() })).statusCode).toBe(415);
    expect(await choices(jane)).toMatchObject({ announcements: true, promotional: true });
  });

  it('is rate limited per client address', async () => {
    const token = await unsubscribeToken(t.db, jane.id);
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await t.app.inject({ method: 'GET', url: `/api/unsubscribe/${token}?list=announcement`, remoteAddress: ip })).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
