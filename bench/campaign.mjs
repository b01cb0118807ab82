#!/usr/bin/env node
/* global performance, fetch, setTimeout */
// Issue 22: a campaign to 100k customers queued in under 10 s without blocking other requests.
//
// A fresh PostgreSQL database (DATABASE_URL's server, default the local one), the built product on
// it, BENCH_CUSTOMERS verified customers (100k) written in SQL, all with announcements on. Then:
//   baseline: CLIENTS loops of a cheap request that reads the database (GET /api/health) for a few
//             seconds, their p99;
//   send:     POST /api/admin/campaigns/:id/send (the audience and its outbox messages, one
//             statement) timed over HTTP, while the same loops run: their p99 during the send.
// Run: npm run bench:campaign   (BENCH_CUSTOMERS=10000 for a quick look)
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import pg from 'pg';
import { freshDatabaseUrl } from '../e2e/support/product-server.ts';
import { api, captcha, fmt, root, startProduct, stop } from './support/bench-server.mjs';

const PG_BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const BASELINE_MS = 5000;
const ADMIN = { email: 'bench.owner@example.com', password: 'Bench-Owner-Passw0rd!' };

const p99 = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.99))] ?? NaN;
};

/** CLIENTS loops of GET /api/health until stop() is called; answers each request's time in ms. */
function cheapRequests(baseUrl) {
  const times = [];
  let running = true;
  const loops = Array.from({ length: CLIENTS }, async () => {
    while (running) {
      const t0 = performance.now();
      const res = await fetch(`${baseUrl}/api/health`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`/api/health answered ${res.status}`);
      times.push(performance.now() - t0);
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return times;
    },
  };
}

const build = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs'), '--server-only'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) throw new Error('server build failed');
console.log(`bench:campaign — ${CUSTOMERS} customers, ${CLIENTS} clients of GET /api/health; ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);

const db = await freshDatabaseUrl(PG_BASE);
if (!db.url) throw new Error('bench:campaign needs PostgreSQL');
let product;
const client = new pg.Client({ connectionString: db.url });
try {
  product = await startProduct(db.url, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn' });
  await client.connect();
  const t0 = performance.now();
  await client.query(
    `insert into users (username, email, role, first_name, is_email_verified)
     select 'bench' || g, 'bench.customer.' || g || '@example.com', 'user', 'Customer', true from generate_series(1, $1::int) g`,
    [CUSTOMERS],
  );
  await client.query('vacuum analyze');
  console.log(`customers written in ${fmt((performance.now() - t0) / 1000, 1)} s`);

  const session = await api(product.baseUrl, 'POST', '/api/users/signin', { user: ADMIN, recaptchaToken: await captcha(product.baseUrl) });
  const token = session.access_token;
  const draft = await api(product.baseUrl, 'POST', '/api/admin/campaigns', { kind: 'announcement', subject: 'LentiBooth 2.4 is out', body: 'It prints twice as fast.' }, token);
  const count = await api(product.baseUrl, 'GET', '/api/admin/campaigns/audience-count?kind=announcement', undefined, token);

  const baseline = cheapRequests(product.baseUrl);
  await new Promise((r) => setTimeout(r, BASELINE_MS));
  const baselineTimes = await baseline.stop();

  const during = cheapRequests(product.baseUrl);
  const s0 = performance.now();
  const sent = await api(product.baseUrl, 'POST', `/api/admin/campaigns/${draft.id}/send`, undefined, token);
  const queueMs = performance.now() - s0;
  const duringTimes = await during.stop();
  const [{ n: outboxRows }] = (await client.query(`select count(*)::int as n from outbox where kind = 'campaign_mail'`)).rows;

  console.log(`audience counted: ${count.count}; queued: ${sent.audience} recipients, ${outboxRows} outbox messages`);
  console.log(`baseline GET /api/health: ${baselineTimes.length} requests, p99 ${fmt(p99(baselineTimes), 1)} ms`);
  console.log(`during the send:          ${duringTimes.length} requests, p99 ${fmt(p99(duringTimes), 1)} ms (max ${fmt(Math.max(...duringTimes), 1)} ms)`);
  if (sent.audience !== CUSTOMERS || outboxRows !== CUSTOMERS) throw new Error('the audience is not every customer once');
  console.log(`campaign to ${CUSTOMERS} customers queued in ${fmt(queueMs / 1000, 2)} s (goal < 10 s: ${queueMs < 10_000 ? 'met' : 'missed'}); cheap request p99 ${fmt(p99(baselineTimes), 1)} → ${fmt(p99(duringTimes), 1)} ms`);
} finally {
  if (product) await stop(product.child);
  await client.end().catch(() => {});
  await db.drop?.();
}
