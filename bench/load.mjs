#!/usr/bin/env node
/* global fetch, performance, setInterval, clearInterval */
// The whole shop under mixed load on PostgreSQL: BENCH_CONNECTIONS (100) virtual clients for
// BENCH_SECONDS (60), each picking its next step by weight: browse the public pages, read its
// account, sign in, buy a licence and pay on the local provider, validate a booth's key, report
// usage. Prints errors, per-route p50/p99, the server's RSS every 5 s, and then checks the
// database: every paid checkout is exactly one paid order with one invoice and one key, none lost,
// none doubled.
//
//   npm run bench:load                              (PostgreSQL at DATABASE_URL or the local server)
//   BENCH_SECONDS=20 BENCH_CONNECTIONS=50 npm run bench:load
//
// A custom driver rather than autocannon: each client carries state from step to step (its
// session, the checkout it is paying) and latency is kept per route, which autocannon's
// single-request runs do not give.
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { addToCart, emptyCart, paymentProducts } from '../packages/domain/src/cart.ts';
import { discountedTotal } from '../packages/domain/src/promo.ts';
import { freshDatabaseUrl } from '../e2e/support/product-server.ts';
import { captcha, fmt, root, rssMb, signedInCustomer, startProduct, stop } from './support/bench-server.mjs';
import { activatedBooths, adminEnv } from './support/booths.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CLIENTS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const BOOTHS = 100;
const SIGN_INS = 300;
const PG_BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// What a client does next, by weight: mostly reading, booths checking in, a few purchases.
const STEPS = [
  ['browse', 30],
  ['catalogue', 15],
  ['account', 15],
  ['validate', 25],
  ['usage', 8],
  ['buy', 6],
  ['sign-in', 1],
];
const TOTAL_WEIGHT = STEPS.reduce((s, [, w]) => s + w, 0);
const pickStep = () => {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const [name, w] of STEPS) if ((r -= w) < 0) return name;
  return STEPS[0][0];
};

const latencies = new Map();
const failures = new Map();
const record = (route, ms) => (latencies.get(route) ?? latencies.set(route, []).get(route)).push(ms);
const fail = (route, what) => failures.set(`${route}: ${what}`, (failures.get(`${route}: ${what}`) ?? 0) + 1);

/** One request, timed under `route`; anything but `expected` is an error. */
async function call(baseUrl, route, url, { method = 'GET', body, form, token, expected = 200, location } = {}) {
  const headers = {};
  if (body) headers['content-type'] = 'application/json';
  if (form !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
  if (token) headers.authorization = `Bearer ${token}`;
  const t = performance.now();
  try {
    const res = await fetch(`${baseUrl}${url}`, { method, headers, body: body ? JSON.stringify(body) : form, redirect: 'manual' });
    const text = await res.text();
    record(route, performance.now() - t);
    if (res.status !== expected || (location && !location.test(res.headers.get('location') ?? ''))) {
      fail(route, `${res.status} ${res.headers.get('location') ?? ''} ${text.slice(0, 120)}`);
      return null;
    }
    return text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  } catch (err) {
    fail(route, err.cause?.code ?? err.message);
    return null;
  }
}

function monthlyLicenceCheckout(email) {
  const cart = addToCart(emptyCart(), 11, 1);
  return { email, shipping_fee: 0, discount: 0, products: paymentProducts(cart.items), total_amount: discountedTotal(cart.totalCartPrice, 0, 0) };
}

const usageBatch = (booth) => {
  const at = new Date(Date.now() - 30_000).toISOString();
  return {
    license_key: booth.key,
    device_id: booth.device,
    events: Array.from({ length: 20 }, (_, i) => ({ event_id: crypto.randomUUID(), kind: 'success', timestamp: at, filename: `IMG_${i}.jpg`, file_type: 'jpg', processing_time: 2.8 })),
  };
};

// Each client is its own customer: a customer's new checkout ends their earlier unpaid one, as it
// should, and two clients sharing an account would see their payments refused for it.
async function client(baseUrl, world, me, until, paid) {
  while (Date.now() < until) {
    const step = pickStep();
    const booth = world.booths[Math.floor(Math.random() * world.booths.length)];
    if (step === 'browse') {
      await call(baseUrl, 'GET / (page)', '/');
      await call(baseUrl, 'GET /pricing (page)', '/pricing');
    } else if (step === 'catalogue') {
      await call(baseUrl, 'GET /api/catalogue/products', '/api/catalogue/products');
    } else if (step === 'account') {
      await call(baseUrl, 'GET /api/users/me', '/api/users/me', { token: me.token });
      await call(baseUrl, 'GET /api/order/user/:id', `/api/order/user/${me.userId}?page=1&page_size=10`, { token: me.token });
    } else if (step === 'validate') {
      const answer = await call(baseUrl, 'POST /api/licenses/validate', '/api/licenses/validate', { method: 'POST', body: { license_key: booth.key, device_id: booth.device } });
      if (answer && !answer.valid) fail('POST /api/licenses/validate', `answered ${answer.code}`);
    } else if (step === 'usage') {
      await call(baseUrl, 'POST /api/analytics/usage', '/api/analytics/usage', { method: 'POST', body: usageBatch(booth), expected: 202 });
    } else if (step === 'buy') {
      const session = await call(baseUrl, 'POST checkout', '/api/subscriptions/create-checkout-session/one-payment', { method: 'POST', body: monthlyLicenceCheckout(me.email), token: me.token });
      const id = session && /\/dev\/pay\/(lps_[\w-]+)$/.exec(session.url)?.[1];
      if (!id) continue;
      const done = await call(baseUrl, 'POST /dev/pay/:id/pay', `/dev/pay/${id}/pay`, {
        method: 'POST',
        form: '',
        expected: 303,
        // The success page learns which checkout it shows from the session id.
        location: new RegExp(`^/checkout/success\\?session_id=${id}$`),
      });
      if (done !== null) paid.push(id);
    } else if (step === 'sign-in') {
      const token = world.captchas.pop();
      if (!token) continue;
      await call(baseUrl, 'POST /api/users/signin', '/api/users/signin', { method: 'POST', body: { user: { email: me.email, password: me.password }, recaptchaToken: token } });
    }
  }
}

/** Every paid checkout is one paid order with one invoice and one licence; nothing else appeared. */
async function checkOrders(databaseUrl, paid) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const { rows } = await db.query(
      `with mine as (select id, payment_status from orders where payment_session_id = any($1))
       select (select count(*)::int from mine) as orders,
              (select count(*)::int from mine where payment_status = 'paid') as paid_rows,
              (select count(*)::int from invoices where order_id in (select id from mine)) as invoices,
              (select count(*)::int from licenses where order_id in (select id from mine)) as licences`,
      [paid],
    );
    const [{ doubled }] = (await db.query(`select count(*)::int as doubled from (select payment_session_id from orders where payment_session_id is not null group by 1 having count(*) > 1) d`)).rows;
    return { ...rows[0], doubled };
  } finally {
    await db.end();
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

const build = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) throw new Error('build failed');

const pgDb = await freshDatabaseUrl(PG_BASE);
if (!pgDb.url) throw new Error('bench:load runs on PostgreSQL: set DATABASE_URL or start the local server');
const product = await startProduct(pgDb.url, adminEnv);
try {
  console.log(`bench:load — ${CLIENTS} clients, ${SECONDS} s, PostgreSQL, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const customers = [];
  for (let i = 0; i < CLIENTS; i += 10) customers.push(...(await Promise.all(Array.from({ length: Math.min(10, CLIENTS - i) }, () => signedInCustomer(product.baseUrl)))));
  const booths = await activatedBooths(product.baseUrl, BOOTHS);
  const captchas = [];
  for (let i = 0; i < SIGN_INS; i++) captchas.push(await captcha(product.baseUrl));
  latencies.clear();
  failures.clear();

  const rss = [];
  const started = Date.now();
  const sampler = setInterval(() => rss.push([Math.round((Date.now() - started) / 1000), rssMb(product.child.pid)]), 5000);
  const paid = [];
  const until = Date.now() + SECONDS * 1000;
  await Promise.all(customers.map((me) => client(product.baseUrl, { booths, captchas }, me, until, paid)));
  clearInterval(sampler);
  const elapsed = (Date.now() - started) / 1000;
  const orders = await checkOrders(pgDb.url, paid);

  const rows = [['route', 'requests', 'req/s', 'p50 ms', 'p99 ms']];
  let total = 0;
  for (const [route, list] of [...latencies].sort()) {
    list.sort((a, b) => a - b);
    total += list.length;
    rows.push([route, String(list.length), fmt(list.length / elapsed), fmt(percentile(list, 0.5)), fmt(percentile(list, 0.99))]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const r of rows) console.log(r.map((c, i) => c.padEnd(widths[i])).join('  '));
  for (const [what, n] of failures) console.log(`error ×${n}  ${what}`);
  console.log(`server RSS (s → MB): ${rss.map(([s, mb]) => `${s}→${mb}`).join(' ')}`);
  const warm = rss.find(([s]) => s >= 20)?.[1];
  const last = rss.at(-1)?.[1];
  const errors = [...failures.values()].reduce((a, b) => a + b, 0);
  const ordersOk = orders.orders === paid.length && orders.paid_rows === paid.length && orders.invoices === paid.length && orders.licences === paid.length && orders.doubled === 0;
  console.log(
    `orders: ${paid.length} paid checkouts → ${orders.orders} orders (${orders.paid_rows} paid), ${orders.invoices} invoices, ${orders.licences} licences, ${orders.doubled} doubled: ${ordersOk ? 'none lost or doubled' : 'MISMATCH'}`,
  );
  console.log(
    `total ${total} requests, ${fmt(total / elapsed)} req/s; errors ${errors} (goal 0: ${errors === 0 ? 'met' : 'MISSED'}); RSS after warm-up ${warm ?? '-'} MB, at the end ${last ?? '-'} MB (${warm && last ? `${last - warm >= 0 ? '+' : ''}${last - warm} MB` : '-'})`,
  );
  if (!ordersOk) process.exitCode = 1;
} finally {
  await stop(product.child);
  fs.rmSync(product.dataDir, { recursive: true, force: true });
  await pgDb.drop?.();
}
