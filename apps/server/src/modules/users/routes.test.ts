import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { MSG } from '@lbs/domain/messages';
import { buildTestApp, mailTo, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { emailTokens, users } from '../../db/schema';

let t: TestApp;
let a: TestUser;
let b: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  a = await createUserWithSession(t.db, { email: 'ana.profile@example.com' });
  b = await createUserWithSession(t.db, { email: 'ben.profile@example.com' });
});
afterAll(() => t.close());

const put = (u: TestUser, id: number, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${id}`, headers: u.headers, payload: payload as object });
const row = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('PUT /api/users/{id}', () => {
  it('saves first name and surname at once', async () => {
    const res = await put(a, a.id, { email: a.email, first_name: '  Ana ', last_name: 'Tan' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: a.id, email: a.email, first_name: 'Ana', last_name: 'Tan', pending_email: null });
    expect(res.json()).not.toHaveProperty('password_hash');
    expect(await row(a.id)).toMatchObject({ firstName: 'Ana', lastName: 'Tan' });
    // Surname is optional.
    expect((await put(a, a.id, { email: a.email, first_name: 'Ana' })).json().last_name).toBe('');
  });

  it('refuses another user’s id with 403 and changes nothing', async () => {
    const res = await put(b, a.id, { email: b.email, first_name: 'Hacked' });
    expect(res.statusCode).toBe(403);
    expect((await row(a.id)).firstName).toBe('Ana');
    const admin = await createAdminWithSession(t.db);
    expect((await put(admin, a.id, { email: a.email, first_name: 'Hacked' })).statusCode).toBe(403);
  });

  it('refuses a missing first name or email, unknown fields and visitors', async () => {
    expect((await put(a, a.id, { email: a.email, first_name: '   ' })).statusCode).toBe(400);
    expect((await put(a, a.id, { first_name: 'Ana' })).statusCode).toBe(400);
    expect((await put(a, a.id, { email: 'not-an-email', first_name: 'Ana' })).statusCode).toBe(400);
    expect((await put(a, a.id, { email: a.email, first_name: 'Ana', role: 'admin' })).statusCode).toBe(400);
    expect((await row(a.id)).role).toBe('user');
    expect((await t.app.inject({ method: 'PUT', url: `/api/users/${a.id}`, payload: { email: a.email, first_name: 'X' } })).statusCode).toBe(401);
  });

  it('answers an email another account uses as it answers a free one, and says so only in the mail', async () => {
    const d = await createUserWithSession(t.db, { email: 'dan.profile@example.com' });
    const free = await put(d, d.id, { email: 'dan.free@example.com', first_name: 'Dan' });
    const taken = await put(a, a.id, { email: b.email, first_name: 'Ana' });
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.statusCode).toBe(200);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(free.json()).sort());
    expect(taken.json()).toMatchObject({ email: a.email, pending_email: b.email });

    // The address's owner learns of it; no link can move it to Ana's account.
    const [mail] = await mailTo(t.app, b.email);
    expect(mail!.subject).toBe(MSG.emailChangeTakenSubject);
    expect(mail!.text).not.toMatch(/verify-email/);
    const live = await t.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, a.id), eq(emailTokens.email, b.email), isNull(emailTokens.usedAt)));
    expect(live).toEqual([]);
    expect(await row(b.id)).toMatchObject({ email: b.email });
    expect((await row(a.id)).email).toBe(a.email);
    // Ana's current address hears of the request as with any change.
    expect((await mailTo(t.app, a.email)).map((m) => m.subject)).toContain(MSG.emailChangedNoticeSubject);

    // Saving her own address again calls it off.
    expect((await put(a, a.id, { email: a.email, first_name: 'Ana' })).json().pending_email).toBeNull();
  });

  it('applies a new email only after the link mailed to it is opened', async () => {
    const res = await put(a, a.id, { email: 'Ana.New@Example.com', first_name: 'Ana' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'ana.profile@example.com', pending_email: 'ana.new@example.com' });
    expect((await row(a.id)).email).toBe('ana.profile@example.com');
    // After a reload the app learns of the waiting address from /users/me.
    const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: a.headers });
    expect(me.json()).toMatchObject({ email: 'ana.profile@example.com', pending_email: 'ana.new@example.com' });

    const [mail] = await mailTo(t.app, 'ana.new@example.com');
    expect(mail!.subject).toBe('Confirm your new email address');
    const notice = await mailTo(t.app, 'ana.profile@example.com');
    expect(notice.map((m) => m.subject)).toContain('Your account email was changed');
    // Saving again with the same pending address does not mail again.
    await put(a, a.id, { email: 'ana.new@example.com', first_name: 'Ana' });
    expect(await mailTo(t.app, 'ana.new@example.com')).toHaveLength(1);

    const token = /\/verify-email\/([\w-]+)/.exec(mail!.text)![1]!;
    const confirm = await t.app.inject({ method: 'GET', url: `/api/users/verify-email/${token}` });
    expect(confirm.statusCode).toBe(200);
    expect(await row(a.id)).toMatchObject({ email: 'ana.new@example.com', pendingEmail: null, isEmailVerified: true });
    // Opened again: the new address is the account's, verified, and the link says so.
    expect((await t.app.inject({ method: 'GET', url: `/api/users/verify-email/${token}` })).statusCode).toBe(409);
  });

  it('calls off a pending change when the current email is saved again', async () => {
    const c = await createUserWithSession(t.db, { email: 'cat.profile@example.com' });
    await put(c, c.id, { email: 'cat.other@example.com', first_name: 'Cat' });
    const [mail] = await mailTo(t.app, 'cat.other@example.com');
    const back = await put(c, c.id, { email: 'cat.profile@example.com', first_name: 'Cat' });
    expect(back.json().pending_email).toBeNull();
    const token = /\/verify-email\/([\w-]+)/.exec(mail!.text)![1]!;
    expect((await t.app.inject({ method: 'GET', url: `/api/users/verify-email/${token}` })).statusCode).toBe(400);
    expect((await row(c.id)).email).toBe('cat.profile@example.com');
  });
});
