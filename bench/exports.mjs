#!/usr/bin/env node
/* global performance, fetch, setTimeout, setInterval, clearInterval */
// The accountant's exports (issue 23) at a three-year shop's size: seeds a fresh database with
// `seed:demo` (300k orders with their lines and invoices, 100k customers, no usage events), gives
// about 3% of the paid orders a succeeded refund and its credit note, then streams each CSV over
// HTTP from the built server while sampling the server's memory and timing other requests made
// meanwhile (GET /api/health, which pings the database, and an admin list), against the same
// requests with no export running. On PostgreSQL and on PGlite (one connection: the batches must
// let the others in).
//
//   npm run bench:reports -- with BENCH_ONLY=exports, or tsx bench/exports.mjs
//   BENCH_DB=pglite / BENCH_DB=postgres     (one of them; default both)
//   BENCH_SCALE=0.1                          (30k orders)
//   BENCH_KEEP_DB=1                          (keeps the seeded PostgreSQL database and prints its URL)
//   BENCH_SEEDED_URL=postgres://...          (streams from a database seeded before, without seeding)
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { freshDatabaseUrl } from '../e2e/support/product-server.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { api, captcha, fmt, root, rssMb, startProduct, stop } from './support/bench-server.mjs';

const PG_BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SIZE = { users: Math.round(100_000 * SCALE), orders: Math.round(300_000 * SCALE) };
const DBS = (process.env.BENCH_DB ?? 'postgres,pglite').split(',').filter(Boolean);
const DEMO_ADMIN = { email: 'admin@demo.example.com', password: 'Demo-Booth-2025!' };
// Orders twice: a second export of the same rows shows whether memory keeps growing or levels off.
const KINDS = ['orders', 'invoices', 'credit-notes', 'orders'];

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

function seed(env) {
  const started = performance.now();
  const r = spawnSync('npm', ['run', 'seed:demo', '--', '--users', String(SIZE.users), '--orders', String(SIZE.orders), '--events', '0'], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  if (r.status !== 0) throw new Error(`seed:demo failed:\n${r.stdout}\n${r.stderr}`);
  return { seconds: (performance.now() - started) / 1000, summary: r.stdout.split('\n').find((l) => l.startsWith('Wrote ')) };
}

/** Unless the seeder wrote some: about 3% of the paid orders get back half their total the day after payment, with a credit note each, as the refund engine writes them. */
async function seedRefunds(open, seededBefore) {
  const database = await openDatabase(open);
  try {
    const run = (text) => database.db.execute(sql.raw(text));
    // A seeder that writes refunds and credit notes itself (main's, since issue 23) is left alone.
    const existing = await database.db.execute(sql.raw('select count(*)::int as n from credit_notes'));
    seededBefore ||= existing.rows[0].n > 0;
    if (!seededBefore) await run(`insert into refunds (order_id, user_id, amount_cents, kind, reason, origin, state, provider, provider_refund_id, created_at, succeeded_at)
      select id, user_id, total_cents / 2, 'amount', 'Bench: goodwill', 'admin', 'succeeded', 'local', 're_bench_' || id, paid_at + interval '1 day', paid_at + interval '1 day'
        from orders where paid_at is not null and id % 33 = 0 and total_cents > 1`);
    if (!seededBefore) await run(`update orders o set refunded_cents = r.amount_cents, payment_status = 'partially_refunded' from refunds r where r.order_id = o.id and r.provider_refund_id like 're_bench_%'`);
    if (!seededBefore) await run(`insert into credit_notes (credit_note_no, refund_id, order_id, invoice_id, user_id, email, amount_cents, reason, issued_at)
      select row_number() over (order by r.succeeded_at, r.id), r.id, r.order_id, i.id, r.user_id, o.email, r.amount_cents, r.reason, r.succeeded_at
        from refunds r join orders o on o.id = r.order_id left join invoices i on i.order_id = o.id where r.provider_refund_id like 're_bench_%'`);
    await run('analyze');
    const res = await database.db.execute(sql.raw(`select (select count(*) from orders where paid_at is not null)::int as paid, (select count(*) from order_lines)::int as lines,
        (select count(*) from invoices)::int as invoices, (select count(*) from credit_notes)::int as notes`));
    return res.rows[0];
  } finally {
    await database.close();
  }
}

/** Sequential calls of the probes until `until()` says stop; answers each call's ms. */
/**
 * The server's V8 heap in use (MB), from its own Prometheus metrics (prom-client's default
 * nodejs_heap_size_used_bytes; /api/metrics answers 127.0.0.1 without a token). RSS alone cannot
 * say whether an export holds rows: V8 keeps a grown heap reserved after a collection.
 */
async function heapUsedMb(baseUrl) {
  const text = await (await fetch(`${baseUrl}/api/metrics`)).text();
  const m = /^nodejs_heap_size_used_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)$/m.exec(text);
  return m ? Math.round(Number(m[1]) / 1048576) : NaN;
}

async function probe(baseUrl, headers, until) {
  const times = [];
  const urls = ['/api/health', '/api/order/admin/all?page=1&page_size=10'];
  for (let i = 0; !until(); i++) {
    const t = performance.now();
    const res = await fetch(`${baseUrl}${urls[i % 2]}`, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${urls[i % 2]} answered ${res.status}`);
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 10));
  }
  return times;
}

async function benchOne(kind) {
  console.log(`\n== ${kind} ==`);
  let product;
  let db = {};
  let dataDir;
  try {
    const reuse = kind === 'postgres' ? process.env.BENCH_SEEDED_URL : undefined;
    if (reuse) db = { url: reuse };
    else if (kind === 'postgres') {
      db = await freshDatabaseUrl(PG_BASE);
      if (!db.url) throw new Error('no PostgreSQL at DATABASE_URL or the local server');
    } else dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbs-bench-exports-'));
    const env = db.url ? { DATABASE_URL: db.url } : { DATA_DIR: dataDir, DATABASE_URL: '' };
    if (!reuse) {
      const seeded = seed(env);
      console.log(`seeded in ${fmt(seeded.seconds, 0)} s: ${seeded.summary ?? ''}`);
    }
    const counts = await seedRefunds(db.url ? { url: db.url } : { dataDir }, Boolean(reuse));
    console.log(`${counts.paid} paid orders, ${counts.lines} lines, ${counts.invoices} invoices, ${counts.notes} refunds with a credit note`);

    product = db.url ? await startProduct(db.url) : await startProduct(undefined, { DATA_DIR: dataDir });
    const session = await api(product.baseUrl, 'POST', '/api/users/signin', { user: DEMO_ADMIN, recaptchaToken: await captcha(product.baseUrl) });
    const headers = { authorization: `Bearer ${session.access_token}` };
    const defaults = await api(product.baseUrl, 'GET', '/api/export/defaults', undefined, session.access_token);
    // A year back from today: every seeded order (the seeder spreads them over 90 days).
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: defaults.time_zone }).format(new Date());
    const from = new Date(Date.parse(`${today}T00:00:00Z`) - 365 * 864e5).toISOString().slice(0, 10);

    // Warm up, then the probes alone for 4 s.
    await probe(product.baseUrl, headers, ((n) => () => n-- <= 0)(20));
    const quietEnd = performance.now() + 4000;
    const quiet = await probe(product.baseUrl, headers, () => performance.now() > quietEnd);
    const quietP99 = quantile(quiet, 0.99);
    console.log(`other requests, no export running: ${quiet.length} calls, p50 ${fmt(quantile(quiet, 0.5), 1)} ms, p99 ${fmt(quietP99, 1)} ms`);

    const results = [];
    for (const exp of KINDS) {
      const pid = product.child.pid;
      const rss = [rssMb(pid)];
      const heap = [await heapUsedMb(product.baseUrl)];
      const sampler = setInterval(() => rss.push(rssMb(pid)), 100);
      const heapSampler = setInterval(() => void heapUsedMb(product.baseUrl).then((mb) => heap.push(mb)), 250);
      let done = false;
      const during = probe(product.baseUrl, headers, () => done);
      const t = performance.now();
      const res = await fetch(`${product.baseUrl}/api/export/${exp}.csv?from=${from}&to=${today}`, { headers });
      if (!res.ok) throw new Error(`${exp} answered ${res.status}: ${await res.text()}`);
      let records = 0;
      let bytes = 0;
      for await (const chunk of res.body) {
        bytes += chunk.byteLength;
        for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) records++;
      }
      const seconds = (performance.now() - t) / 1000;
      done = true;
      const times = await during;
      clearInterval(sampler);
      clearInterval(heapSampler);
      rss.push(rssMb(pid));
      heap.push(await heapUsedMb(product.baseUrl));
      const rows = records - 1;
      const p99 = quantile(times, 0.99);
      results.push({ exp, rows, rate: rows / seconds, p99 });
      console.log(
        `  ${exp.padEnd(13)} ${String(rows).padStart(7)} rows ${fmt(bytes / 1048576, 1).padStart(5)} MB in ${fmt(seconds, 2)} s = ${fmt(rows / seconds, 0).padStart(6)} rows/s; ` +
          `server RSS start ${rss[0]} MB, peak ${Math.max(...rss)} MB, end ${rss.at(-1)} MB; ` +
          `heap used start ${heap[0]} MB, peak ${Math.max(...heap.filter(Number.isFinite))} MB, end ${heap.at(-1)} MB (${heap.length} samples); ` +
          `other requests meanwhile: ${times.length} calls, p50 ${fmt(quantile(times, 0.5), 1)} ms, p99 ${fmt(p99, 1)} ms (${fmt(p99 / quietP99, 2)}× quiet p99)`,
      );
    }
    const slow = results.filter((r) => r.rows >= 1000 && r.rate < 20_000);
    console.log(`${kind}: goal ≥ 20,000 rows/s on the exports of 1,000 rows or more: ${slow.length ? `MISSED by ${slow.map((r) => r.exp).join(', ')}` : 'met'}`);
  } finally {
    if (product) {
      await stop(product.child);
      fs.rmSync(product.dataDir, { recursive: true, force: true });
    }
    if (process.env.BENCH_KEEP_DB || process.env.BENCH_SEEDED_URL) console.log(`kept ${db.url ?? dataDir}`);
    else await db.drop?.();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const build = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs'), '--server-only'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) throw new Error('server build failed');
console.log(`bench exports — ${SIZE.orders} orders, ${SIZE.users} customers; ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
for (const kind of DBS) await benchOne(kind);
