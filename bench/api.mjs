#!/usr/bin/env node
/* global fetch, setTimeout */
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
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freshDatabaseUrl } from '../e2e/support/product-server.ts';
import { CONNECTIONS, SECONDS, USE_TSX, WARMUP_SECONDS, fmt, load, root, rssMb, signedInCustomer, startBare, startProduct, stop } from './support/bench-server.mjs';


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

console.log(`bench:api — ${CONNECTIONS} connections, ${SECONDS} s per run after ${WARMUP_SECONDS} s of warm-up, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
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
