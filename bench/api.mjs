#!/usr/bin/env node
/* global fetch, setTimeout, clearTimeout, Buffer */
// API throughput of the built product against a bare Fastify route, measured in the same run so
// the ratio holds on a busy machine where absolute figures do not.
//
//   npm run bench:api                          (PGlite; also PostgreSQL when DATABASE_URL is set)
//   BENCH_SECONDS=5 BENCH_CONNECTIONS=50 npm run bench:api
//   BENCH_SERVER=tsx npm run bench:api         (the TypeScript sources under tsx, for comparison)
//   BENCH_ROUTES=catalogue,users/me npm run bench:api   (some routes only: catalogue, config, health, users/me, orders)
//   BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench:api   (profile the product)
//
// For each route: a run against the bare route, then one against the product, alternating; each
// prints req/s, p50/p99 latency and the ratio to the bare run just before it. Then RSS, the goals
// of issue 10 (printed, not asserted) and last the worst ratio.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { solveChallenge } from 'altcha-lib';
import { freePort, freshDatabaseUrl } from '../e2e/support/product-server.ts';

const root = path.resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const USE_TSX = process.env.BENCH_SERVER === 'tsx';

async function waitFor(url, child, what) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`${what} did not answer within 60 s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function stop(child) {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** Resident set size of a process and its children (tsx runs the server in one), in MB, from /proc. */
function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
    return (m ? Math.round(Number(m[1]) / 1024) : 0) + children.reduce((sum, c) => sum + rssMb(Number(c)), 0);
  } catch {
    return NaN;
  }
}

// The bare route answers JSON of the catalogue's size and shape, with Fastify's defaults and no
// logger: what the hardware and Node give before any of the product's work.
const BARE_SERVER = `
const Fastify = require('fastify');
const app = Fastify({ logger: false });
const body = Array.from({ length: 13 }, (_, i) => ({ id: i + 1, key: 'product_' + i, name: 'Product ' + i,
  description: 'A product of the shop, described in a sentence or two for the catalogue page.',
  price: 220 + i, kind: 'accessory', license_type: null, shippable: true }));
app.get('/json', async () => body);
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).catch((e) => { console.error(e); process.exit(1); });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
`;

async function startBare() {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', BARE_SERVER], {
    cwd: path.join(root, 'apps/server'),
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/json`;
  await waitFor(url, child, 'bare server');
  return { url, child };
}

async function startProduct(databaseUrl) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbs-bench-'));
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    // Every request comes from 127.0.0.1: per-client limits would answer 429 after a few hundred.
    RATE_LIMIT_DISABLED: '1',
    ALTCHA_MAX_NUMBER: '1000',
    // The product's default (info) request logging is part of what is measured; it goes to a pipe
    // the bench drains, as it would to a log collector.
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  };
  delete env.SMTP_URL;
  delete env.STRIPE_SECRET_KEY;
  delete env.REDIS_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const entry = USE_TSX
    ? [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/main.ts']
    : ['--enable-source-maps', 'apps/server/dist/main.js'];
  // The log goes to a file, as to a collector that keeps up: a pipe this busy process drains late
  // would make the server's logger wait, which is the bench's doing, not the product's.
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, [...NODE_ARGS, ...entry], { cwd: root, env, stdio: ['ignore', log, 'inherit'] });
  fs.closeSync(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${baseUrl}/api/health`, child, 'product server');
  } catch (err) {
    console.error(fs.readFileSync(logFile, 'utf8').slice(-4000));
    throw err;
  }
  return { baseUrl, child, dataDir };
}

async function api(baseUrl, method, url, body, token) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

async function captcha(baseUrl) {
  const ch = await api(baseUrl, 'GET', '/api/captcha/challenge');
  const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
  const payload = { algorithm: ch.algorithm, challenge: ch.challenge, number: solution.number, salt: ch.salt, signature: ch.signature };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** A customer made as customers make one: sign-up, the mailed link, sign-in. */
async function signedInCustomer(baseUrl) {
  const email = `bench-${Date.now()}@example.com`;
  const password = 'Bench-Passw0rd!2025';
  await api(baseUrl, 'POST', '/api/users/signup', { user: { username: 'Bench', email, password }, recaptchaToken: await captcha(baseUrl) });
  let link;
  const deadline = Date.now() + 15_000;
  while (!link) {
    const mails = await api(baseUrl, 'GET', `/api/dev/mail?to=${encodeURIComponent(email)}`);
    link = /https?:\/\/\S+\/verify-email\/(\S+)/.exec(mails.find((m) => /verify/i.test(m.subject))?.text ?? '')?.[1];
    if (!link && Date.now() > deadline) throw new Error('no verification mail');
    if (!link) await new Promise((r) => setTimeout(r, 100));
  }
  await api(baseUrl, 'GET', `/api/users/verify-email/${link}`);
  const session = await api(baseUrl, 'POST', '/api/users/signin', { user: { email, password }, recaptchaToken: await captcha(baseUrl) });
  const token = session.access_token;
  const me = await api(baseUrl, 'GET', '/api/users/me', undefined, token);
  return { token, userId: session.user.id ?? me.id };
}

async function load(url, headers = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const bad = result.non2xx + result.errors + result.timeouts;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bad };
}

const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

async function benchDatabase(label, databaseUrl, bare) {
  const product = await startProduct(databaseUrl);
  // Settled start: the first requests compile routes and warm the database pages.
  await new Promise((r) => setTimeout(r, 1000));
  const rssAfterStart = rssMb(product.child.pid);
  const rows = [];
  try {
    const { token, userId } = await signedInCustomer(product.baseUrl);
    const auth = { authorization: `Bearer ${token}` };
    const routes = [
      { name: 'catalogue', url: '/api/catalogue/products', kind: 'public' },
      { name: 'config', url: '/api/config/public', kind: 'public' },
      { name: 'health', url: '/api/health', kind: 'health' },
      { name: 'users/me', url: '/api/users/me', headers: auth, kind: 'authed' },
      // The customer has no orders: the page is empty, the count and page queries still run.
      { name: 'orders (paged, empty)', url: `/api/order/user/${userId}?page=1&page_size=10`, headers: auth, kind: 'authed' },
    ];
    const only = process.env.BENCH_ROUTES?.split(',');
    for (const route of routes.filter((r) => !only || only.includes(r.name.split(' ')[0]))) {
      await fetch(`${product.baseUrl}${route.url}`, { headers: route.headers ?? {} });
      const b = await load(bare.url);
      const p = await load(`${product.baseUrl}${route.url}`, route.headers);
      rows.push({ db: label, ...route, ...p, bareRps: b.rps, ratio: p.rps / b.rps });
    }
    const rssAfterLoad = rssMb(product.child.pid);
    return { rows, rssAfterStart, rssAfterLoad };
  } finally {
    await stop(product.child);
    fs.rmSync(product.dataDir, { recursive: true, force: true });
  }
}

// Issue 10's goals: public reads from memory ≥ 0.5× bare; authenticated database reads ≥ 0.25×
// on PostgreSQL, ≥ 0.1× on PGlite; health p99 ≤ 20 ms; RSS after start ≤ 200/350 MB.
function goal(row) {
  if (row.kind === 'public') return { text: '≥ 0.5×', met: row.ratio >= 0.5 };
  if (row.kind === 'authed') {
    const min = row.db === 'PGlite' ? 0.1 : 0.25;
    return { text: `≥ ${min}×`, met: row.ratio >= min };
  }
  return { text: 'p99 ≤ 20 ms', met: row.p99 <= 20 };
}

if (!USE_TSX) {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs'), '--server-only'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('server build failed');
}

console.log(`bench:api — ${CONNECTIONS} connections, ${SECONDS} s per run, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
const bare = await startBare();
const results = [];

const dbs = [{ label: 'PGlite' }];
let pgDb;
try {
  if (process.env.DATABASE_URL) {
    pgDb = await freshDatabaseUrl(process.env.DATABASE_URL);
    dbs.push({ label: 'PostgreSQL', url: pgDb.url });
  }
  for (const { label, url } of dbs) results.push({ label, ...(await benchDatabase(label, url, bare)) });
} finally {
  await stop(bare.child);
  await pgDb?.drop();
}

const header = ['database', 'route', 'req/s', 'p50 ms', 'p99 ms', 'bare req/s', 'ratio', 'goal', 'errors'];
const lines = [header];
for (const r of results) {
  for (const row of r.rows) {
    const g = goal(row);
    lines.push([row.db, row.name, fmt(row.rps), fmt(row.p50), fmt(row.p99), fmt(row.bareRps), `${fmt(row.ratio, 2)}×`, `${g.text} ${g.met ? 'met' : 'MISSED'}`, String(row.bad)]);
  }
}
const widths = header.map((_, i) => Math.max(...lines.map((l) => l[i].length)));
for (const l of lines) console.log(l.map((c, i) => c.padEnd(widths[i])).join('  '));
for (const r of results) {
  const limit = r.label === 'PGlite' ? 350 : 200;
  console.log(`${r.label}: RSS after start ${r.rssAfterStart} MB (goal ≤ ${limit} MB: ${r.rssAfterStart <= limit ? 'met' : 'MISSED'}), after the load ${r.rssAfterLoad} MB`);
}
const worst = results.flatMap((r) => r.rows).reduce((a, b) => (b.ratio < a.ratio ? b : a));
console.log(`worst ratio: ${worst.ratio.toFixed(2)}× (${worst.db} ${worst.name})`);
