import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { adminAudit, adminNotifications, notifications } from '../../db/schema';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';

/*
 * The back office's NOTIFICATIONS (DESIGN §6.2): the admins' own feed by default, one read and
 * done state shared by every admin, every mark audited; customers' notifications viewable under
 * audience=customers and read-only, which the server enforces.
 */

let t: TestApp;
let admin: TestUser;
let admin2: TestUser;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdminWithSession(t.db);
  admin2 = await createAdminWithSession(t.db);
  alice = await createUserWithSession(t.db);
  bob = await createUserWithSession(t.db);
});
afterAll(() => t.close());

const get = (url: string, who?: TestUser) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });
const markRead = (ids: unknown, who?: TestUser) =>
  t.app.inject({ method: 'PATCH', url: '/api/notification/read', headers: who?.headers ?? {}, payload: { ids } });
const markOne = (id: string, flag: 'read' | 'done', who: TestUser) =>
  t.app.inject({ method: 'PATCH', url: `/api/notification/${id}/${flag}`, headers: who.headers });

async function insertNotes(userId: number, createdAts: Date[]) {
  return t.db
    .insert(notifications)
    .values(createdAts.map((createdAt, i) => ({ userId, type: 'system', title: `t${i}`, message: 'm', createdAt })))
    .returning();
}

async function insertFeed(rows: Array<{ createdAt?: Date; subjectUserId?: number | null; title?: string }>) {
  return t.db
    .insert(adminNotifications)
    .values(rows.map((r, i) => ({ type: 'product_order', title: r.title ?? `feed ${i}`, message: 'm', subjectUserId: r.subjectUserId ?? null, createdAt: r.createdAt ?? new Date() })))
    .returning();
}

const clearAll = async () => {
  await t.db.delete(notifications);
  await t.db.delete(adminNotifications);
};

const feedRow = async (id: string) => (await t.db.select().from(adminNotifications).where(eq(adminNotifications.id, id)))[0]!;
const customerRow = async (id: string) => (await t.db.select().from(notifications).where(eq(notifications.id, id)))[0]!;

describe('who may read and mark the notifications', () => {
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
    for (const q of ['bogus=1', 'audience=everyone', 'audience=']) {
      const res = await get(`/api/notification/admin/all?${q}`, admin);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toEqual({ detail: expect.anything() });
    }
  });

  it("answers a customer 404 for a row of the admins' feed, which stays unread", async () => {
    const [row] = await insertFeed([{}]);
    for (const flag of ['read', 'done'] as const) expect((await markOne(row!.id, flag, alice)).statusCode).toBe(404);
    expect(await feedRow(row!.id)).toMatchObject({ isRead: false, isDone: false });
  });
});

describe('GET /notification/admin/all', () => {
  it("answers the admins' feed by default: newest first, ties by id, the customer concerned, not read-only", async () => {
    await clearAll();
    const same = new Date('2030-01-01T00:00:00Z');
    const feed = await insertFeed([
      { createdAt: same, subjectUserId: alice.id },
      { createdAt: same, subjectUserId: bob.id },
      { createdAt: same },
      { createdAt: new Date('2030-01-02T00:00:00Z'), subjectUserId: alice.id, title: 'newest' },
    ]);
    // Customers' notifications are not in the feed.
    await insertNotes(alice.id, [new Date('2030-02-01T00:00:00Z')]);
    const tied = feed.slice(0, 3).map((n) => n.id).sort().reverse();
    const p1 = (await get('/api/notification/admin/all?page_size=2', admin)).json();
    const p2 = (await get('/api/notification/admin/all?page_size=2&page=2', admin)).json();
    expect(p1).toMatchObject({ total: 4, page: 1, page_size: 2 });
    expect(p2).toMatchObject({ total: 4, page: 2 });
    const items = [...p1.items, ...p2.items] as Array<{ _id: string; user_id: number | null; email: string | null; read_only: boolean }>;
    expect(items.map((n) => n._id)).toEqual([feed[3]!.id, ...tied]);
    expect(p1.items[0]).toMatchObject({ title: 'newest', user_id: alice.id, email: alice.email, is_read: false, is_done: false, read_only: false });
    const emailOf = new Map<number | null, string | null>([[alice.id, alice.email], [bob.id, bob.email], [null, null]]);
    for (const n of items) {
      expect(n.read_only).toBe(false);
      expect(n.email).toBe(emailOf.get(n.user_id));
    }
    expect((await get('/api/notification/admin/all?audience=admins&page_size=2', admin)).json()).toEqual(p1);
  });

  it("lists customers' notifications under audience=customers, newest first, each read-only with its owner's email", async () => {
    await clearAll();
    const same = new Date('2030-01-01T00:00:00Z');
    const a = await insertNotes(alice.id, [same, same, new Date('2030-01-02T00:00:00Z')]);
    const b = await insertNotes(bob.id, [same]);
    await insertFeed([{ createdAt: new Date('2030-03-01T00:00:00Z') }]);
    const tied = [a[0]!, a[1]!, b[0]!].map((n) => n.id).sort().reverse();
    const p1 = (await get('/api/notification/admin/all?audience=customers&page_size=2', admin)).json();
    const p2 = (await get('/api/notification/admin/all?audience=customers&page_size=2&page=2', admin)).json();
    expect(p1).toMatchObject({ total: 4, page: 1, page_size: 2 });
    const items = [...p1.items, ...p2.items] as Array<{ _id: string; user_id: number; email: string; read_only: boolean }>;
    expect(items.map((n) => n._id)).toEqual([a[2]!.id, ...tied]);
    expect(p1.items[0]).toMatchObject({ user_id: alice.id, email: alice.email, title: 't2', is_read: false, read_only: true });
    expect(items.map((n) => n.email)).toEqual(items.map((n) => (n.user_id === alice.id ? alice.email : bob.email)));
    expect(items.every((n) => n.read_only)).toBe(true);
  });
});

describe("an admin's marks act on the admins' feed", () => {
  it('one admin reads or finishes a row, and every admin sees it so; each mark that changes something is audited once', async () => {
    const [row] = await insertFeed([{ title: 'New order #77 paid', subjectUserId: alice.id }]);
    const read = await markOne(row!.id, 'read', admin);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ _id: row!.id, is_read: true, is_done: false });
    // Admin 2 sees it read: one shared state.
    const seen = (await get('/api/notification/admin/all?page_size=100', admin2)).json().items.find((n: { _id: string }) => n._id === row!.id);
    expect(seen).toMatchObject({ is_read: true, is_done: false });
    expect((await markOne(row!.id, 'done', admin2)).json()).toMatchObject({ is_read: true, is_done: true });
    // A repeat answers the row and changes (and logs) nothing.
    expect((await markOne(row!.id, 'read', admin2)).statusCode).toBe(200);
    expect(await feedRow(row!.id)).toMatchObject({ isRead: true, isDone: true });

    const audit = await t.db.select().from(adminAudit).where(eq(adminAudit.targetId, row!.id));
    expect(audit.map((a) => [a.action, a.actorId, a.label])).toEqual([
      ['notification.read', admin.id, 'New order #77 paid'],
      ['notification.done', admin2.id, 'New order #77 paid'],
    ]);
    expect(audit[0]).toMatchObject({ targetType: 'notification', before: { is_read: false }, after: { is_read: true } });
    expect(audit[1]).toMatchObject({ before: { is_done: false }, after: { is_done: true } });
  });

  it('marks the listed feed rows read in bulk, ignores unknown ids, is idempotent, and logs one entry with the count and ids', async () => {
    const [f1, f2, f3] = await insertFeed([{}, {}, {}]);
    const res = await markRead([f1!.id, f2!.id, crypto.randomUUID()], admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    const rows = await t.db.select().from(adminNotifications).where(inArray(adminNotifications.id, [f1!.id, f2!.id, f3!.id]));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.isRead]))).toEqual({ [f1!.id]: true, [f2!.id]: true, [f3!.id]: false });
    expect((await markRead([f1!.id, f2!.id], admin2)).json()).toEqual({ updated: 0 });
    const audit = await t.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'notifications.bulk_read'), eq(adminAudit.actorId, admin.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorEmail: admin.email, targetType: 'notifications', targetId: '2', label: '2 notifications' });
    expect(new Set((audit[0]!.after as { ids: string[] }).ids)).toEqual(new Set([f1!.id, f2!.id]));
    // The no-op repeat by admin 2 logged nothing.
    expect(await t.db.select().from(adminAudit).where(and(eq(adminAudit.action, 'notifications.bulk_read'), eq(adminAudit.actorId, admin2.id)))).toEqual([]);
  });
});

describe("customers' notifications are read-only to admins", () => {
  it('refuses single read and done with 403, and the customer still sees the notification unread and not done', async () => {
    const [note] = await insertNotes(alice.id, [new Date()]);
    for (const flag of ['read', 'done'] as const) {
      const res = await markOne(note!.id, flag, admin);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: "Customers' notifications are read-only" });
    }
    expect(await customerRow(note!.id)).toMatchObject({ isRead: false, isDone: false });
    const own = (await get(`/api/notification/${alice.id}?page_size=100`, alice)).json();
    expect(own.items.find((n: { _id: string }) => n._id === note!.id)).toMatchObject({ is_read: false, is_done: false });
  });

  it("refuses a bulk read naming a customer's notification with 403, and changes nothing, not even the feed rows beside it", async () => {
    const [note] = await insertNotes(bob.id, [new Date()]);
    const [feed] = await insertFeed([{}]);
    const auditBefore = (await t.db.select().from(adminAudit)).length;
    const res = await markRead([feed!.id, note!.id], admin);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: "Customers' notifications are read-only" });
    expect(await customerRow(note!.id)).toMatchObject({ isRead: false, isDone: false });
    expect(await feedRow(feed!.id)).toMatchObject({ isRead: false });
    expect((await t.db.select().from(adminAudit)).length).toBe(auditBefore);
  });
});
