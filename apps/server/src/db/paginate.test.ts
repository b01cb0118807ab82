import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openTestDatabase, type TestDatabase } from '../../test/build-test-app';
import { createUserWithSession } from '../../test/fixtures';
import { paginate } from './paginate';
import { notifications } from './schema';

let t: TestDatabase;
let userId: number;
let emptyUserId: number;
const SAME_TIME = new Date('2025-03-01T00:00:00Z');

beforeAll(async () => {
  t = await openTestDatabase();
  userId = (await createUserWithSession(t.database.db)).id;
  emptyUserId = (await createUserWithSession(t.database.db)).id;
  // Seven at one instant (only the tie-break orders them), then three newer ones.
  const rows = Array.from({ length: 10 }, (_, i) => ({
    userId,
    type: 'test',
    title: `N${i}`,
    message: 'm',
    createdAt: i < 7 ? SAME_TIME : new Date(SAME_TIME.getTime() + (i - 6) * 60_000),
  }));
  await t.database.db.insert(notifications).values(rows);
});
afterAll(() => t.close());

const page = (uid: number, p: number, size: number, countUpTo?: number) =>
  paginate(t.database.db, {
    from: notifications,
    where: eq(notifications.userId, uid),
    newestFirst: [notifications.createdAt],
    tieBreak: notifications.id,
    paging: { page: p, page_size: size },
    countUpTo,
  });

describe('paginate', () => {
  it('answers the page, the total and the paging it was asked for', async () => {
    const first = await page(userId, 1, 4);
    expect(first).toMatchObject({ total: 10, page: 1, page_size: 4 });
    expect(first.items.map((n) => n.title)).toEqual(['N9', 'N8', 'N7', expect.any(String)]);
    expect(first.items[0]).toMatchObject({ userId, isRead: false });
  });

  it('shows every row exactly once across the pages, ties included, in one order every time', async () => {
    const all: string[] = [];
    for (let p = 1; p <= 4; p += 1) all.push(...(await page(userId, p, 3)).items.map((n) => n.id));
    expect(all).toHaveLength(10);
    expect(new Set(all).size).toBe(10);
    const tied = all.slice(3);
    expect(tied).toEqual([...tied].sort().reverse());
    const again: string[] = [];
    for (let p = 1; p <= 4; p += 1) again.push(...(await page(userId, p, 3)).items.map((n) => n.id));
    expect(again).toEqual(all);
  });

  it('still knows the total on a page past the end, and an empty list is 0', async () => {
    expect(await page(userId, 5, 3)).toEqual({ items: [], total: 10, page: 5, page_size: 3 });
    expect(await page(emptyUserId, 1, 10)).toEqual({ items: [], total: 0, page: 1, page_size: 10 });
    expect(await page(emptyUserId, 3, 10)).toEqual({ items: [], total: 0, page: 3, page_size: 10 });
  });

  describe('with the count capped (countUpTo)', () => {
    it('answers the exact total, not capped, when the rows are no more than the cap', async () => {
      expect(await page(userId, 1, 4, 10)).toMatchObject({ total: 10, total_capped: false });
      expect(await page(userId, 2, 4, 10)).toMatchObject({ total: 10, total_capped: false });
      expect(await page(emptyUserId, 1, 4, 10)).toEqual({ items: [], total: 0, total_capped: false, page: 1, page_size: 4 });
    });

    it('answers the cap as the total, said to be capped, when there are more rows', async () => {
      const first = await page(userId, 1, 4, 6);
      expect(first).toMatchObject({ total: 6, total_capped: true, page: 1 });
      expect(first.items.map((n) => n.title).slice(0, 3)).toEqual(['N9', 'N8', 'N7']);
      expect(await page(userId, 2, 4, 6)).toMatchObject({ total: 6, total_capped: true });
    });

    it('still shows every row once, newest first, on pages past a capped total', async () => {
      const all: string[] = [];
      for (let p = 1; p <= 4; p += 1) all.push(...(await page(userId, p, 3, 4)).items.map((n) => n.id));
      const uncapped: string[] = [];
      for (let p = 1; p <= 4; p += 1) uncapped.push(...(await page(userId, p, 3)).items.map((n) => n.id));
      expect(all).toHaveLength(10);
      expect(all).toEqual(uncapped);
    });

    it('adds no total_capped to a list that is not capped', async () => {
      expect(await page(userId, 1, 4)).not.toHaveProperty('total_capped');
      expect(await page(userId, 2, 4)).not.toHaveProperty('total_capped');
    });
  });
});
