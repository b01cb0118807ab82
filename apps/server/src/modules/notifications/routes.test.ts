import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { notifications, sessions } from '../../db/schema';
import { createNotification } from './create-notification';
import { notifyAdmins } from './notify-admins';
import { countAdminFeedUnread } from './count-unread';

let t: TestApp;
let a: TestUser;
let b: TestUser;

async function notify(userId: number, title: string, type = 'license_purchase') {
  return t.db.transaction((tx) => createNotification(tx, { userId, type, title, message: `${title} message` }));
}

beforeAll(async () => {
  t = await buildTestApp();
  a = await createUserWithSession(t.db);
  b = await createUserWithSession(t.db);
  // 12 for A, oldest first, so page 1 holds the newest ten.
  for (let i = 1; i <= 12; i += 1) {
    await notify(a.id, `A${i}`);
    await t.db.update(notifications).set({ createdAt: new Date(Date.UTC(2025, 0, i)) }).where(eq(notifications.title, `A${i}`));
  }
  await notify(b.id, 'B1');
});
afterAll(() => t.close());

const list = (who: TestUser, userId: number, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/notification/${userId}`, headers: who.headers, query });

describe('GET /api/notification/{userId}', () => {
  it('pages the caller’s notifications ten at a time, newest first, with the unread count', async () => {
    const p1 = await list(a, a.id);
    expect(p1.statusCode).toBe(200);
    const body = p1.json();
    expect(body.total).toBe(12);
    expect(body.unread_count).toBe(12);
    expect(body.items).toHaveLength(10);
    expect(body.items[0]).toMatchObject({ title: 'A12', type: 'license_purchase', is_read: false, is_done: false });
    expect(Object.keys(body.items[0]).sort()).toEqual(['_id', 'created_at', 'is_done', 'is_read', 'message', 'title', 'type']);
    const p2 = (await list(a, a.id, { page: '2' })).json();
    expect(p2.items.map((n: { title: string }) => n.title)).toEqual(['A2', 'A1']);
  });

  it('never shows another user’s notifications: 403 by id, and none of them in the own list', async () => {
    const res = await list(b, a.id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: expect.any(String) });
    const own = (await list(b, b.id)).json();
    expect(own.items.map((n: { title: string }) => n.title)).toEqual(['B1']);
  });

  it('lets an admin read a user’s list, refuses visitors and bad input', async () => {
    const admin = await createAdminWithSession(t.db);
    expect((await list(admin, a.id)).json().total).toBe(12);
    expect((await t.app.inject({ method: 'GET', url: `/api/notification/${a.id}` })).statusCode).toBe(401);
    expect((await list(a, a.id, { page: '0' })).statusCode).toBe(400);
    expect((await list(a, a.id, { page_size: '1000' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/notification/abc', headers: a.headers })).statusCode).toBe(400);
  });
});

describe('PATCH /api/notification/{id}/read and /done', () => {
  it('marks read and done independently, idempotently', async () => {
    const id = (await list(a, a.id)).json().items[0]._id as string;
    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject({ method: 'PATCH', url: `/api/notification/${id}/read`, headers: a.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ _id: id, is_read: true, is_done: false });
    }
    expect((await list(a, a.id)).json().unread_count).toBe(11);
    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject({ method: 'PATCH', url: `/api/notification/${id}/done`, headers: a.headers });
      expect(res.json()).toMatchObject({ _id: id, is_read: true, is_done: true });
    }
    expect((await list(a, a.id)).json().unread_count).toBe(11);
  });

  it('answers 404 for another user’s notification and changes nothing', async () => {
    const bId = (await list(b, b.id)).json().items[0]._id as string;
    const res = await t.app.inject({ method: 'PATCH', url: `/api/notification/${bId}/read`, headers: a.headers });
    expect(res.statusCode).toBe(404);
    expect((await list(b, b.id)).json().items[0].is_read).toBe(false);
    const bad = await t.app.inject({ method: 'PATCH', url: '/api/notification/not-a-uuid/done', headers: a.headers });
    expect(bad.statusCode).toBe(400);
  });

  it("refuses an admin's read or done on a customer's notification (403), which stays as the customer left it", async () => {
    const c = await createUserWithSession(t.db);
    const admin = await createAdminWithSession(t.db);
    const id = await notify(c.id, 'C1');
    for (const flag of ['read', 'done']) {
      const res = await t.app.inject({ method: 'PATCH', url: `/api/notification/${id}/${flag}`, headers: admin.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ detail: "Customers' notifications are read-only" });
    }
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row).toMatchObject({ userId: c.id, isRead: false, isDone: false });
    // The customer's own list still counts it unread.
    expect((await list(c, c.id)).json()).toMatchObject({ unread_count: 1 });
  });

  it('lets an admin mark their own notifications (if they bought something), like anyone', async () => {
    const admin = await createAdminWithSession(t.db);
    const id = await notify(admin.id, 'Own');
    const res = await t.app.inject({ method: 'PATCH', url: `/api/notification/${id}/read`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: id, is_read: true });
  });

  it('answers a customer 404 for a notification of someone else, before and after an admin touched it', async () => {
    const c = await createUserWithSession(t.db);
    const id = await notify(c.id, 'C2');
    for (const flag of ['read', 'done']) {
      const res = await t.app.inject({ method: 'PATCH', url: `/api/notification/${id}/${flag}`, headers: b.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: expect.any(String) });
    }
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, id));
    expect(row).toMatchObject({ isRead: false, isDone: false });
  });
});

/** Reads server-sent events from a real socket until `until` is satisfied. */
async function readEvents(url: string, headers: Record<string, string>, until: (events: Array<{ event: string; data: unknown }>) => boolean, onOpen?: () => Promise<unknown>) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 10_000);
  const res = await fetch(url, { headers, signal: controller.signal });
  const events: Array<{ event: string; data: unknown }> = [];
  try {
    if (res.status !== 200) return { status: res.status, events, contentType: res.headers.get('content-type') };
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    let opened = false;
    while (!until(events)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut: number;
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (event && data) events.push({ event, data: JSON.parse(data) });
      }
      if (!opened && events.length && onOpen) {
        opened = true;
        await onOpen();
      }
    }
    return { status: res.status, events, contentType: res.headers.get('content-type') };
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

describe('GET /api/notification/stream', () => {
  let base: string;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const addr = t.app.server.address();
    base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });

  const ticketFor = async (u: TestUser) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/notification/stream-ticket', headers: u.headers });
    expect(res.statusCode).toBe(200);
    return res.json().ticket as string;
  };

  it('sends the unread count, then a live event for a notification created after it opened', async () => {
    const c = await createUserWithSession(t.db);
    await notify(c.id, 'before');
    const ticket = await ticketFor(c);
    const { status, events, contentType } = await readEvents(
      `${base}/api/notification/stream?ticket=${encodeURIComponent(ticket)}`,
      {},
      // A signal for 'before' may still be in flight when the stream opens; wait for the new one.
      (ev) => ev.some((e) => e.event === 'notification' && (e.data as { unread_count: number }).unread_count === 2),
      () => notify(c.id, 'after'),
    );
    expect(status).toBe(200);
    expect(contentType).toMatch(/^text\/event-stream/);
    expect(events[0]).toEqual({ event: 'unread', data: { unread_count: 1 } });
    expect(events.at(-1)).toEqual({ event: 'notification', data: { unread_count: 2 } });
  });

  it('does not tell one user about another user’s notifications, and follows reads', async () => {
    const c = await createUserWithSession(t.db);
    const d = await createUserWithSession(t.db);
    const id = await notify(c.id, 'c1');
    // D's count (5 after the one below) differs from anything C's stream may show.
    for (let i = 0; i < 4; i += 1) await notify(d.id, `d${i}`);
    const { events } = await readEvents(
      `${base}/api/notification/stream`,
      c.headers,
      (ev) => ev.some((e) => (e.data as { unread_count: number }).unread_count === 0),
      async () => {
        await notify(d.id, 'for d');
        await t.app.inject({ method: 'PATCH', url: `/api/notification/${id}/read`, headers: c.headers });
      },
    );
    expect(events[0]).toEqual({ event: 'unread', data: { unread_count: 1 } });
    expect(events.at(-1)).toEqual({ event: 'unread', data: { unread_count: 0 } });
    expect(events.some((e) => (e.data as { unread_count: number }).unread_count > 1)).toBe(false);
  });

  it("gives every admin's bell the admins' feed: a new event and another admin's read reach each stream", async () => {
    const admin = await createAdminWithSession(t.db);
    const other = await createAdminWithSession(t.db);
    const before = await countAdminFeedUnread(t.db);
    // The admin's own notifications are not their bell's.
    await notify(admin.id, 'own purchase');
    const told = { id: '' };
    const { events } = await readEvents(
      `${base}/api/notification/stream`,
      admin.headers,
      (ev) => ev.some((e) => e.event === 'unread' && (e.data as { unread_count: number }).unread_count === before) && ev.length > 2,
      async () => {
        told.id = await t.db.transaction((tx) => notifyAdmins(tx, { type: 'contact_message', title: 'to the bell', message: 'm' }));
        // Wait for the new event before the other admin reads it.
        await new Promise((r) => setTimeout(r, 300));
        const res = await t.app.inject({ method: 'PATCH', url: `/api/notification/${told.id}/read`, headers: other.headers });
        expect(res.statusCode).toBe(200);
      },
    );
    expect(events[0]).toEqual({ event: 'unread', data: { unread_count: before } });
    expect(events).toContainEqual({ event: 'notification', data: { unread_count: before + 1 } });
    expect(events.at(-1)).toEqual({ event: 'unread', data: { unread_count: before } });
  });

  it('refuses a missing, forged, other-purpose or revoked-session ticket', async () => {
    const c = await createUserWithSession(t.db);
    expect((await readEvents(`${base}/api/notification/stream`, {}, () => true)).status).toBe(401);
    const ticket = await ticketFor(c);
    const forged = ticket.replace(/\.[^.]+$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await readEvents(`${base}/api/notification/stream?ticket=${encodeURIComponent(forged)}`, {}, () => true)).status).toBe(401);
    const otherPurpose = ticket.replace('notification-stream', 'app-download');
    expect((await readEvents(`${base}/api/notification/stream?ticket=${encodeURIComponent(otherPurpose)}`, {}, () => true)).status).toBe(401);
    await t.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, c.id));
    expect((await readEvents(`${base}/api/notification/stream?ticket=${encodeURIComponent(ticket)}`, {}, () => true)).status).toBe(401);
  });

  it('keeps the session token out of the ticket', async () => {
    const ticket = await ticketFor(a);
    expect(ticket).not.toContain(a.token);
    expect(ticket.split('.')).toHaveLength(5);
  });

  it('opens the stream once per ticket: a copied ticket is refused', async () => {
    const c = await createUserWithSession(t.db);
    const ticket = await ticketFor(c);
    const url = `${base}/api/notification/stream?ticket=${encodeURIComponent(ticket)}`;
    expect((await readEvents(url, {}, (ev) => ev.length > 0)).status).toBe(200);
    expect((await readEvents(url, {}, () => true)).status).toBe(401);
    // A fresh ticket, even one issued in the same second, still works.
    const [t1, t2] = await Promise.all([ticketFor(c), ticketFor(c)]);
    expect(t1).not.toBe(t2);
    expect((await readEvents(`${base}/api/notification/stream?ticket=${encodeURIComponent(t1!)}`, {}, () => true)).status).toBe(200);
    expect((await readEvents(`${base}/api/notification/stream?ticket=${encodeURIComponent(t2!)}`, {}, () => true)).status).toBe(200);
  });

  it('lets exactly one of several simultaneous uses of one ticket through', async () => {
    const c = await createUserWithSession(t.db);
    const ticket = await ticketFor(c);
    const url = `${base}/api/notification/stream?ticket=${encodeURIComponent(ticket)}`;
    const statuses = await Promise.all(Array.from({ length: 5 }, () => readEvents(url, {}, () => true).then((r) => r.status)));
    expect(statuses.sort()).toEqual([200, 401, 401, 401, 401]);
  });
});
