import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUserWithSession, type TestUser } from '../../../test/fixtures';
import { users } from '../../db/schema';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  user = await createUserWithSession(t.db);
});
afterAll(() => t?.close());

const get = (u: TestUser | null) => t.app.inject({ method: 'GET', url: '/api/users/me/preferences', headers: u?.headers ?? {} });
const put = (u: TestUser | null, payload: object) => t.app.inject({ method: 'PUT', url: '/api/users/me/preferences', headers: u?.headers ?? {}, payload });

describe('/api/users/me/preferences', () => {
  it('starts with announcements on, promotional mail off (consent first) and Singapore time, and keeps what the customer saves', async () => {
    expect((await get(user)).json()).toEqual({ promotional_emails: false, announcements: true, time_zone: 'Asia/Singapore' });
    const saved = await put(user, { promotional_emails: false, announcements: true, time_zone: 'Australia/Sydney' });
    expect(saved.statusCode).toBe(200);
    expect((await get(user)).json()).toEqual({ promotional_emails: false, announcements: true, time_zone: 'Australia/Sydney' });
  });

  it('records when promotional mail was turned on, keeps it while on, and forgets it when turned off', async () => {
    const consentAt = async () => (await t.db.select({ at: users.promotionalConsentAt }).from(users).where(eq(users.id, user.id)))[0]!.at;
    expect(await consentAt()).toBeNull();
    await put(user, { promotional_emails: true, announcements: true, time_zone: 'Asia/Singapore' });
    const first = await consentAt();
    expect(first).toBeInstanceOf(Date);
    await put(user, { promotional_emails: true, announcements: false, time_zone: 'Asia/Singapore' });
    expect(await consentAt()).toEqual(first);
    await put(user, { promotional_emails: false, announcements: false, time_zone: 'Asia/Singapore' });
    expect(await consentAt()).toBeNull();
    await put(user, { promotional_emails: false, announcements: true, time_zone: 'Australia/Sydney' });
  });

  it('refuses a stranger before reading the body, and a zone that is not offered', async () => {
    expect((await put(null, { nonsense: true })).statusCode).toBe(401);
    expect((await get(null)).statusCode).toBe(401);
    const bad = await put(user, { promotional_emails: true, announcements: true, time_zone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('time_zone');
    expect((await get(user)).json().time_zone).toBe('Australia/Sydney');
  });
});
