#!/usr/bin/env node
/* global performance, fetch */
// The back office at a three-year shop's size (issue 14): seeds a fresh PostgreSQL database with
// `seed:demo` (100k customers, 300k orders, 1M usage events by default), then times every report
// and analytics call for each period against the same aggregate written by hand in SQL and run
// in this process, and every admin list at page 1 and at its last page (the event lists also a
// page reached by position from the last one). Figures are medians of REPEAT calls after warm-up;
// the product's are HTTP round trips to the built server (its request parsing, auth, JSON and
// log line included), the raw SQL's are round trips of one pg query.
//
//   npm run bench:reports                     (PostgreSQL at DATABASE_URL or the local server)
//   BENCH_SCALE=0.1 npm run bench:reports     (10k customers, 30k orders, 100k events)
//   BENCH_KEEP_DB=1 ...                       (keeps the seeded database and prints its URL)
//   BENCH_SEEDED_URL=postgres://... ...        (times a database seeded before, without seeding)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freshDatabaseUrl } from '../e2e/support/product-server.ts';
import { api, captcha, fmt, root, startProduct, stop } from './support/bench-server.mjs';

const PG_BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SIZE = { users: Math.round(100_000 * SCALE), orders: Math.round(300_000 * SCALE), events: Math.round(1_000_000 * SCALE) };
const REPEAT = Number(process.env.BENCH_REPEAT ?? 15);
const TZ = 'Asia/Singapore';
const DEMO_ADMIN = { email: 'admin@demo.example.com', password: 'Demo-Booth-2025!' };

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** Median ms of up to REPEAT calls after a warm-up; a slow call gets fewer repeats (8 s at most, 3 at least). */
async function timed(fn) {
  let t = performance.now();
  await fn();
  if (performance.now() - t < 500) for (let i = 0; i < 2; i++) await fn();
  const times = [];
  const budgetEnd = performance.now() + 8_000;
  while (times.length < REPEAT && (times.length < 3 || performance.now() < budgetEnd)) {
    t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return median(times);
}

// ---- the periods, as business days in Singapore (the product's default BUSINESS_TIME_ZONE) ----
function businessToday() {
  return new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}
const addDays = (day, n) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 864e5).toISOString().slice(0, 10);
function periods() {
  const today = businessToday();
  return [
    { name: 'today', query: 'period=today', first: today, last: today },
    { name: 'yesterday', query: 'period=yesterday', first: addDays(today, -1), last: addDays(today, -1) },
    { name: 'last_7_days', query: 'period=last_7_days', first: addDays(today, -6), last: today },
    { name: 'last_1_month', query: 'period=last_1_month', first: addDays(today, -29), last: today },
    { name: 'custom 365 days', query: `start_date=${addDays(today, -364)}&end_date=${today}`, first: addDays(today, -364), last: today },
  ];
}

// ---- the aggregates written by hand: what an engineer would type into psql ----
// $1 first business day, $2 last business day (YYYY-MM-DD); days are Singapore days. Each filters
// the period's range (so the timestamp index serves it) and groups by the local day; days without
// rows are left out (the product fills them with 0).
const START = `($1::date)::timestamp at time zone '${TZ}'`;
const END = `($2::date + 1)::timestamp at time zone '${TZ}'`;
const localDay = (column) => `(${column} at time zone '${TZ}')::date`;
const RAW = {
  overview: `select (select count(*) from users where role = 'user') as users,
      (select count(*) from licenses where revoked_at is null and (expires_at is null or expires_at > now())) as subscriptions,
      (select count(*) from orders where payment_status = 'paid') as orders,
      (select coalesce(sum(total_cents), 0) from orders where payment_status = 'paid') as income`,
  total_users: `select ${localDay('created_at')} as day, count(*) from users
      where role = 'user' and created_at >= ${START} and created_at < ${END} group by 1 order by 1`,
  total_orders: `select ${localDay('paid_at')} as day, count(*) from orders
      where payment_status = 'paid' and paid_at >= ${START} and paid_at < ${END} group by 1 order by 1`,
  total_income: `select ${localDay('paid_at')} as day, sum(total_cents) from orders
      where payment_status = 'paid' and paid_at >= ${START} and paid_at < ${END} group by 1 order by 1`,
  // Current at each day's end: started before it, and neither expired nor revoked before it. The
  // obvious way: every day joined to the licences that span its end.
  active_subscriptions: `with days as (
        select d::date as day, ((d + interval '1 day')::timestamp at time zone '${TZ}') as day_end
        from generate_series($1::date, $2::date, interval '1 day') as d)
      select day, count(l.id) from days
      left join licenses l on l.start_at < day_end and coalesce(least(l.expires_at, l.revoked_at), 'infinity') >= day_end
        and coalesce(least(l.expires_at, l.revoked_at), 'infinity') > l.start_at
      group by day order by day`,
  usage_summary: `select count(*), avg(processing_time) from usage_events
      where kind = 'success' and occurred_at >= ${START} and occurred_at < ${END}`,
  usage_daily: `select ${localDay('occurred_at')} as day, count(*), avg(processing_time) from usage_events
      where kind = 'success' and occurred_at >= ${START} and occurred_at < ${END} group by 1 order by 1`,
};

async function seed(url) {
  const started = performance.now();
  const r = spawnSync('npm', ['run', 'seed:demo', '--', '--users', String(SIZE.users), '--orders', String(SIZE.orders), '--events', String(SIZE.events)], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url },
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0) throw new Error(`seed:demo failed:\n${r.stdout}\n${r.stderr}`);
  const summary = r.stdout.split('\n').find((l) => l.startsWith('Wrote '));
  return { seconds: (performance.now() - started) / 1000, summary };
}

async function signIn(baseUrl) {
  const session = await api(baseUrl, 'POST', '/api/users/signin', { user: DEMO_ADMIN, recaptchaToken: await captcha(baseUrl) });
  return session.access_token;
}

const build = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs'), '--server-only'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) throw new Error('server build failed');

console.log(
  `bench:reports — ${SIZE.users} customers, ${SIZE.orders} orders, ${SIZE.events} usage events (orders and events over the seeder's 90 days); median of ${REPEAT} calls; ` +
    `${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`,
);
const reuse = process.env.BENCH_SEEDED_URL;
const db = reuse ? { url: reuse } : await freshDatabaseUrl(PG_BASE);
if (!db.url) throw new Error('bench:reports needs PostgreSQL (DATABASE_URL or the local server)');
let product;
const client = new pg.Client({ connectionString: db.url });
try {
  if (!reuse) {
    const seeded = await seed(db.url);
    console.log(`seeded in ${fmt(seeded.seconds, 0)} s: ${seeded.summary ?? ''}`);
  }
  await client.connect();
  await client.query('vacuum analyze');
  product = await startProduct(db.url);
  const token = await signIn(product.baseUrl);
  const headers = { authorization: `Bearer ${token}` };
  const call = async (url) => {
    const res = await fetch(`${product.baseUrl}${url}`, { headers });
    if (!res.ok) throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
    return res.json();
  };
  const raw = (text, params = []) => () => client.query(text, params);

  // ---- reports and analytics against their raw SQL ----
  // What any admin call costs over HTTP before its query: the signed-in admin's own profile (the
  // session is served from memory). The raw SQL has no such cost, so the ratio that says whether
  // the product's query is as good as the hand-written one takes it off ("net").
  const floor = await timed(() => call('/api/users/me'));
  console.log(`\nHTTP floor (GET /api/users/me as the admin): ${fmt(floor, 2)} ms`);
  const rows = [];
  const compare = async (name, url, rawFn) => {
    const product = await timed(() => call(url));
    const sqlMs = await timed(rawFn);
    const net = Math.max(product - floor, 0) / sqlMs;
    rows.push({ name, product, sqlMs, ratio: product / sqlMs, net });
    console.log(
      `  ${name.padEnd(40)} product ${fmt(product, 1).padStart(7)} ms   raw SQL ${fmt(sqlMs, 1).padStart(7)} ms   ${fmt(product / sqlMs, 2).padStart(5)}×   net ${fmt(net, 2)}×`,
    );
  };
  console.log('\nreports and analytics (product vs the aggregate written by hand):');
  await compare('overview cards', '/api/report/summary/overview', raw(RAW.overview));
  for (const p of periods()) {
    const days = [p.first, p.last];
    for (const metric of ['total_users', 'active_subscriptions', 'total_orders', 'total_income']) {
      await compare(`${metric} · ${p.name}`, `/api/report/summary/${metric}?${p.query}`, raw(RAW[metric], days));
    }
    await compare(`usage summary · ${p.name}`, `/api/analytics/usage/summary?${p.query}`, raw(RAW.usage_summary, days));
    await compare(`usage daily · ${p.name}`, `/api/analytics/usage/daily?${p.query}`, raw(RAW.usage_daily, days));
  }

  // ---- admin lists at page 1 and at the last page ----
  console.log('\nadmin lists, 10 a page (page 1 / last page):');
  const lists = [
    ['users', '/api/users?role=user'],
    ['users, searched', '/api/users?role=user&q=demo'],
    ['licences', '/api/subscriptions/licenses/admin/all'],
    ['invoices', '/api/invoice/admin/all'],
    ['orders', '/api/order/admin/all'],
    ['orders, status shipped', '/api/order/admin/all?status=shipped'],
    ['notifications', '/api/notification/admin/all'],
    ['audit log', '/api/admin/audit'],
    ['usage events · last_1_month', '/api/analytics/events?period=last_1_month'],
    ['usage events · all', '/api/analytics/events'],
    ['error logs · last_1_month', '/api/analytics/errors?period=last_1_month'],
    ['error logs · all', '/api/analytics/errors'],
  ];
  const listRows = [];
  for (const [name, base] of lists) {
    const sep = base.includes('?') ? '&' : '?';
    const first = await call(`${base}${sep}page=1&page_size=10`);
    const lastPage = Math.max(1, Math.ceil(first.total / 10));
    const firstMs = await timed(() => call(`${base}${sep}page=1&page_size=10`));
    const lastMs = await timed(() => call(`${base}${sep}page=${lastPage}&page_size=10`));
    let byPosition = '';
    if (base.startsWith('/api/analytics/')) {
      // One page back from the last, by the position the last page gave out (the pager's ‹).
      const last = await call(`${base}${sep}page=${lastPage}&page_size=10`);
      const ms = await timed(() => call(`${base}${sep}page=${Math.max(1, lastPage - 1)}&page_size=10&before=${last.prev_cursor}`));
      byPosition = `   page ${lastPage - 1} by position ${fmt(ms, 1)} ms`;
    }
    listRows.push({ name, total: first.total, firstMs, lastMs });
    console.log(`  ${name.padEnd(30)} ${String(first.total).padStart(8)} rows   page 1 ${fmt(firstMs, 1).padStart(6)} ms   page ${lastPage} ${fmt(lastMs, 1).padStart(6)} ms${byPosition}`);
  }

  // ---- the figures, last ----
  const worst = rows.reduce((a, b) => (b.net > a.net ? b : a));
  const over = rows.filter((r) => r.net > 1.5);
  const slowLists = listRows.filter((r) => r.firstMs > 20 || r.lastMs > 20);
  console.log(
    `\nreports: ${rows.length} calls; round trip vs raw SQL median ${fmt(median(rows.map((r) => r.ratio)), 2)}×; ` +
      `net of the ${fmt(floor, 1)} ms HTTP floor median ${fmt(median(rows.map((r) => r.net)), 2)}×, worst ${fmt(worst.net, 2)}× (${worst.name}); ` +
      `goal each ≤ 1.5× (net): ${over.length ? `MISSED by ${over.length} (${over.map((r) => r.name).join(', ')})` : 'met'}`,
  );
  console.log(
    `lists: slowest page ${fmt(Math.max(...listRows.flatMap((r) => [r.firstMs, r.lastMs])), 1)} ms; goal ≤ 20 ms at page 1 and the last page: ` +
      `${slowLists.length ? `MISSED by ${slowLists.map((r) => r.name).join(', ')}` : 'met'}`,
  );
} finally {
  if (product) {
    await stop(product.child);
    fs.rmSync(product.dataDir, { recursive: true, force: true });
  }
  await client.end().catch(() => {});
  if (process.env.BENCH_KEEP_DB || reuse) console.log(`kept ${db.url}`);
  else await db.drop?.();
}
