import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import type { TestApp } from '../../../test/build-test-app';
import { buildAdminTestApp } from '../../../test/admin-test-app';
import type { TestUser } from '../../../test/fixtures';
import { insertLicense } from '../../../test/account-fixtures';
import type { Db } from '../../db/client';
import { sql } from 'drizzle-orm';
import { businessDayOf } from '@lbs/domain/report-periods';
import { exportFileName, exportUsersCsv, userBatches } from './export-users-csv';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  ({ t, admin, customer } = await buildAdminTestApp());
});
afterAll(() => t.close());

const get = (url: string, who?: TestUser) => t.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

/** Accounts in a role of their own, so each test sees only its own rows. */
async function insertUsers(role: string, rows: Array<Partial<typeof users.$inferInsert> & { email: string }>) {
  return t.db
    .insert(users)
    .values(rows.map((r) => ({ username: r.email.split('@')[0]!, role, ...r })))
    .returning();
}

describe('who may read the users', () => {
  const urls = ['/api/users', '/api/users?page=0&bogus=1', '/api/users/email?query=a', '/api/users/email', '/api/users/export', '/api/users/export?page=1'];

  it('answers a stranger 401 and a customer 403 before validating', async () => {
    for (const url of urls) {
      expect((await get(url)).statusCode, url).toBe(401);
      const res = await get(url, customer);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ detail: expect.any(String) });
    }
  });

  it('answers an admin 400 for unknown or bad parameters', async () => {
    for (const url of ['/api/users?page=0', '/api/users?bogus=1', '/api/users/email', '/api/users/email?query=', '/api/users/export?page=1']) {
      const res = await get(url, admin);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().detail, url).toEqual(expect.any(String));
    }
  });
});

describe('GET /users', () => {
  it('lists customers by default, with verification and licence counts', async () => {
    await insertLicense(t.db, customer);
    await insertLicense(t.db, customer);
    const body = (await get('/api/users?page_size=100', admin)).json();
    const me = body.items.find((u: { id: number }) => u.id === customer.id);
    expect(me).toMatchObject({ email: customer.email, role: 'user', is_email_verified: true, license_count: 2, first_name: 'Test', last_name: '' });
    expect(body.items.some((u: { id: number }) => u.id === admin.id)).toBe(false);
    const admins = (await get('/api/users?role=admin&page_size=100', admin)).json();
    expect(admins.items.map((u: { id: number }) => u.id)).toContain(admin.id);
  });

  it('pages newest first, ties broken by id, each row once', async () => {
    const same = new Date('2024-05-01T00:00:00Z');
    const rows = await insertUsers('paging', [
      { email: 'p1@x.test', createdAt: new Date('2024-04-01T00:00:00Z') },
      { email: 'p2@x.test', createdAt: same },
      { email: 'p3@x.test', createdAt: same },
      { email: 'p4@x.test', createdAt: same },
      { email: 'p5@x.test', createdAt: new Date('2024-06-01T00:00:00Z') },
    ]);
    const [p1, p2, p3, p4, p5] = rows.map((r) => r.id);
    const page1 = (await get('/api/users?role=paging&page_size=2', admin)).json();
    const page2 = (await get('/api/users?role=paging&page_size=2&page=2', admin)).json();
    const page3 = (await get('/api/users?role=paging&page_size=2&page=3', admin)).json();
    expect(page1).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect([...page1.items, ...page2.items, ...page3.items].map((u: { id: number }) => u.id)).toEqual([p5, p4, p3, p2, p1]);
    expect((await get('/api/users?role=paging&page=9', admin)).json()).toMatchObject({ items: [], total: 5 });
  });

  it('searches email, first and last name case-insensitively, wildcards literal', async () => {
    await insertUsers('search', [
      { email: 'alice@shop.test', firstName: 'Alice', lastName: 'Zed' },
      { email: 'bob@shop.test', firstName: 'Robert', lastName: 'Smith' },
      { email: 'c_d@shop.test', firstName: 'Carl', lastName: '100%' },
    ]);
    const emails = async (q: string) =>
      (await get(`/api/users?role=search&q=${encodeURIComponent(q)}`, admin)).json().items.map((u: { email: string }) => u.email).sort();
    expect(await emails('ALICE')).toEqual(['alice@shop.test']);
    expect(await emails('smi')).toEqual(['bob@shop.test']);
    expect(await emails('robert')).toEqual(['bob@shop.test']);
    expect(await emails('_')).toEqual(['c_d@shop.test']);
    expect(await emails('%')).toEqual(['c_d@shop.test']);
    expect(await emails('shop')).toHaveLength(3);
    expect(await emails('   ')).toHaveLength(3);
  });

  it("counts a search's matches exactly under the cap, and says the count is not capped", async () => {
    expect((await get('/api/users?role=search&q=shop', admin)).json()).toMatchObject({ total: 3, total_capped: false });
    expect((await get('/api/users?role=search&q=shop&page=2&page_size=2', admin)).json()).toMatchObject({ total: 3, total_capped: false, items: [expect.anything()] });
    expect((await get('/api/users?role=search', admin)).json()).toMatchObject({ total: 3, total_capped: false });
  });
});

describe('GET /users/email', () => {
  it('suggests at most 10 addresses by case-insensitive prefix only', async () => {
    await insertUsers('suggest', [
      ...Array.from({ length: 12 }, (_, i) => ({ email: `zeta${String(i).padStart(2, '0')}@s.test` })),
      { email: 'xzeta@s.test' },
      { email: 'ze_ta@s.test' },
    ]);
    const res = await get('/api/users/email?query=ZETA', admin);
    expect(res.statusCode).toBe(200);
    const { emails } = res.json();
    expect(emails).toHaveLength(10);
    expect(emails[0]).toBe('zeta00@s.test');
    expect(emails.every((e: string) => e.startsWith('zeta'))).toBe(true);
    expect((await get('/api/users/email?query=ze_', admin)).json().emails).toEqual(['ze_ta@s.test']);
  });
});

describe('GET /users/export', () => {
  const parseLines = (text: string) => text.split('\r\n').filter((l) => l !== '');

  it('sends an attachment with a header row, quoting and formulas defused', async () => {
    await insertUsers('csv', [
      { email: 'f1@c.test', firstName: '=HYPERLINK("x")', lastName: '+1' },
      { email: 'f2@c.test', firstName: '-2', lastName: '@SUM(A1)' },
      { email: 'f3@c.test', firstName: '\tTab', lastName: '\rCr' },
      { email: 'f4@c.test', firstName: 'Smith, Jr', lastName: 'say "hi"\nthere' },
    ]);
    const res = await get('/api/users/export?role=csv', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    // The admin's own zone dates the file (the fixture's admin keeps the default, Singapore).
    expect(res.headers['content-disposition']).toBe(`attachment; filename="users-role-csv-${businessDayOf(new Date(), 'Asia/Singapore')}.csv"`);
    const text = res.body;
    expect(text.startsWith('\uFEFFid,first_name,last_name,email,role,created_at (Asia/Singapore),is_email_verified,license_count\r\n')).toBe(true);
    expect(text).toContain(`,"'=HYPERLINK(""x"")",'+1,f1@c.test,csv,`);
    expect(text).toContain(`,'-2,'@SUM(A1),f2@c.test,`);
    expect(text).toContain(`,'\tTab,"'\rCr",f3@c.test,`);
    expect(text).toContain(`,"Smith, Jr","say ""hi""\nthere",f4@c.test,`);
    expect(text.endsWith('\r\n')).toBe(true);
  });

  it('writes created_at as a date and time Excel reads, in the admin\'s zone named in the header (issue 37)', async () => {
    const [u] = await insertUsers('excel', [{ email: 'xl@c.test' }]);
    await t.db.execute(sql`update users set created_at = '2026-11-25T22:57:09.123456Z'::timestamptz where id = ${u!.id}`);
    const [header, line] = parseLines((await get('/api/users/export?role=excel', admin)).body);
    const columns = header!.replace('\uFEFF', '').split(',');
    expect(columns[5]).toBe('created_at (Asia/Singapore)');
    // 06:57:09 on 26 November in Singapore: no T, no offset, no fraction.
    expect(line!.split(',')[5]).toBe('2026-11-26 06:57:09');
  });

  it('uses the same search as the list, and the file name says it', async () => {
    const res = await get('/api/users/export?role=csv&q=Smith', admin);
    expect(parseLines(res.body)).toHaveLength(2);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="users-role-csv-search-smith-\d{4}-\d{2}-\d{2}\.csv"$/);
  });

  it('starts with a UTF-8 byte-order mark, so Excel shows accented names', async () => {
    await insertUsers('bom', [{ email: 'jose@bom.test', firstName: 'José', lastName: 'Ñúñez' }]);
    const res = await get('/api/users/export?role=bom', admin);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // Once, at the very start, not before each batch or row.
    expect(res.rawPayload.indexOf(Buffer.from([0xef, 0xbb, 0xbf]), 1)).toBe(-1);
    expect(res.rawPayload.includes(Buffer.from(',José,Ñúñez,jose@bom.test,', 'utf8'))).toBe(true);
  });

  it('lists newest first with the id as tie-break, like the screen, across batches', async () => {
    const rows = await insertUsers(
      'order',
      Array.from({ length: 7 }, (_, i) => ({ email: `o${i}@order.test` })),
    );
    const ids = rows.map((r) => r.id);
    // Three share one instant (the tie-break decides), two differ only in the microseconds (a
    // JS Date would see them as equal), two are older.
    const at = ['2026-11-26 01:00:00.000001+00', '2026-11-26 01:00:00.000001+00', '2026-11-26 01:00:00.000001+00', '2026-11-26 01:00:00.000002+00', '2026-11-26 01:00:00.000003+00', '2026-11-25 09:00:00+00', '2026-11-24 09:00:00+00'];
    for (const [i, id] of ids.entries()) await t.db.execute(sql`update users set created_at = ${at[i]}::timestamptz where id = ${id}`);
    const screen = (await get('/api/users?role=order&page=1&page_size=50', admin)).json().items.map((u: { id: number }) => u.id);
    expect(screen).toEqual([ids[4], ids[3], ids[2], ids[1], ids[0], ids[5], ids[6]]);

    const csvIds = parseLines((await get('/api/users/export?role=order', admin)).body).slice(1).map((l) => Number(l.split(',')[0]));
    expect(csvIds).toEqual(screen);
    // Batches of two cut through the ties and the microseconds; the walk neither skips nor repeats a row.
    const batched: number[] = [];
    for await (const batch of userBatches(t.db, { role: 'order', q: undefined }, 2)) batched.push(...batch.map((u) => u.id));
    expect(batched).toEqual(screen);
  });

  it('streams 10,000 users in keyset batches, never all rows at once', async () => {
    await t.db.insert(users).values(
      Array.from({ length: 10_000 }, (_, i) => ({ username: `bulk${i}`, email: `bulk${i}@b.test`, role: 'bulk' })),
    );
    const res = await get('/api/users/export?role=bulk', admin);
    expect(res.statusCode).toBe(200);
    const lines = parseLines(res.body);
    expect(lines).toHaveLength(10_001);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[3])).size).toBe(10_000);

    const sizes: number[] = [];
    for await (const batch of userBatches(t.db, { role: 'bulk', q: undefined })) sizes.push(batch.length);
    expect(sizes).toEqual(Array.from({ length: 10 }, () => 1000));
  }, 60_000);

  it('reads the next batch only when the client has taken the last one (backpressure)', async () => {
    let selects = 0;
    const counted = new Proxy(t.db, {
      get(target, prop) {
        if (prop === 'select') selects += 1;
        const v = Reflect.get(target, prop, target) as unknown;
        return typeof v === 'function' ? v.bind(target) : v;
      },
    }) as Db;
    const stream = exportUsersCsv(counted, { role: 'bulk', q: undefined }, 'Asia/Singapore');
    const it = stream[Symbol.asyncIterator]();
    await it.next();
    await new Promise((r) => setTimeout(r, 200));
    // One batch (its rows and its licence counts) fills the stream's buffer; nothing more is read yet.
    expect(selects).toBeLessThanOrEqual(4);
    let bytes = 0;
    for (let chunk = await it.next(); !chunk.done; chunk = await it.next()) bytes += String(chunk.value).length;
    expect(bytes).toBeGreaterThan(10_000 * 20);
    // Ten full batches, each with its count query, then the empty read that ends the keyset walk.
    expect(selects).toBe(21);
  }, 60_000);
});

describe('the export file name', () => {
  it("is dated by the admin's day: a Singapore morning is already tomorrow in UTC's evening", () => {
    const all = { role: 'user', q: undefined };
    expect(exportFileName(all, new Date('2026-06-30T17:00:00Z'), 'Asia/Singapore')).toBe('users-2026-07-01.csv');
    expect(exportFileName(all, new Date('2026-06-30T15:59:59Z'), 'Asia/Singapore')).toBe('users-2026-06-30.csv');
    expect(exportFileName({ role: 'user', q: 'jos' }, new Date('2026-06-30T17:00:00Z'), 'Asia/Singapore')).toBe('users-search-jos-2026-07-01.csv');
  });
});
