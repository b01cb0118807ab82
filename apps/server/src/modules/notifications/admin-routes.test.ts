import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { adminAudit, notifications } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';

let t: TestApp;
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdminWithSession(t.db);
  alice = await createUserWithSession(t.db);
  bob = await createUserWithSession(t.db);
});
afterAll(() => t.close());

const get = (url: string, who?: TestUser) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const markRead = (ids: unknown, who?: TestUser) =>
  t.app.inject({ method: 'PATCH', url: '/api/notification/read', headers: who?.headers ?? {}, payload: { ids } });

async function insertNotes(userId: number, createdAts: Date[]) {
  return t.db
    .insert(notifications)
    .values(createdAts.map((createdAt, i) => ({ userId, type: 'system', title: `t${i}`, message: 'm', createdAt })))
    .returning();
}

describe('who may read and mark every notification', () => {
  it('answers a stranger 401 and a customer 403 before validating', async () => {
    for (const res of [await get('/api/notification/admin/all?page=0'), await markRead('nope')]) expect(res.statusCode).toBe(401);
    for (const res of [await get('/api/notification/admin/all?page=0', alice), await markRead('nope', alice), await markRead([crypto.randomUUID()], alice)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: expect.any(String) });
    }
  });

  it('answers an admin 400 for a bad body or query', async () => {
    for (const ids of [[], ['not-a-uuid'], Array.from({ length: 101 }, () => crypto.randomUUID()), 'x']) {
      expect((await markRead(ids, admin)).statusCode).toBe(400);
    }
    expect((await get('/api/notification/admin/all?bogus=1', admin)).statusCode).toBe(400);
  });
});

describe('GET /notification/admin/all', () => {
  it("pages every user's notifications newest first, ties by id, with the owner", async () => {
    const same = new Date('2030-01-01T00:00:00Z');
    const a = await insertNotes(alice.id, [same, same, new Date('2030-01-02T00:00:00Z')]);
    const b = await insertNotes(bob.id, [same]);
    const tied = [a[0]!, a[1]!, b[0]!].map((n) => n.id).sort().reverse();
    const p1 = (await get('/api/notification/admin/all?page_size=2', admin)).json();
    const p2 = (await get('/api/notification/admin/all?page_size=2&page=2', admin)).json();
    expect(p1).toMatchObject({ total: 4, page: 1, page_size: 2 });
    expect([...p1.items, ...p2.items].map((n: { _id: string }) => n._id)).toEqual([a[2]!.id, ...tied]);
    expect(p1.items[0]).toMatchObject({ user_id: alice.id, email: alice.email, title: 't2', is_read: false });
    // Each row names its owner's address (the page's owners are read in one query).
    const rows = [...p1.items, ...p2.items] as Array<{ user_id: number; email: string }>;
    expect(rows.map((n) => n.email)).toEqual(rows.map((n) => (n.user_id === alice.id ? alice.email : bob.email)));
    expect(rows.filter((n) => n.email === bob.email)).toHaveLength(1);
  });
});

describe('PATCH /notification/read', () => {
  it('marks only the listed ids of any user, ignores unknown ids, and is idempotent', async () => {
    const [a1, a2] = await insertNotes(alice.id, [new Date(), new Date()]);
    const [b1] = await insertNotes(bob.id, [new Date()]);
    const res = await markRead([a1!.id, b1!.id, crypto.randomUUID()], admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    const rows = await t.db.select().from(notifications).where(inArray(notifications.id, [a1!.id, a2!.id, b1!.id]));
    const read = Object.fromEntries(rows.map((r) => [r.id, r.isRead]));
    expect(read).toEqual({ [a1!.id]: true, [a2!.id]: false, [b1!.id]: true });
    expect((await markRead([a1!.id, b1!.id], admin)).json()).toEqual({ updated: 0 });
    expect((await t.db.select().from(notifications).where(inArray(notifications.id, [a1!.id, b1!.id]))).every((r) => r.isRead)).toBe(true);
    // One audit row for the write that changed something, naming what it changed; none for the no-op repeat.
    const audit = await t.db.select().from(adminAudit).where(eq(adminAudit.action, 'notifications.bulk_read'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: admin.id, actorEmail: admin.email });
    expect(new Set((audit[0]!.after as { ids: string[] }).ids)).toEqual(new Set([a1!.id, b1!.id]));
  });
});
