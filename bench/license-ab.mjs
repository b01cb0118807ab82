#!/usr/bin/env node
// Two builds of the server under the same validate load, alternated in one session: the server's
// CPU time per answered request (µs) and req/s of each, round by round, and each build's median.
// On a shared 2-core machine the speed of the machine itself drifts by a quarter within minutes
// (the same build measured 185-309 µs a request, 2026-11-27), so two builds measured one after the
// other can show a difference that is only the machine; alternating them rounds by rounds keeps
// that drift on both sides.
//
//   cp -r apps/server/dist apps/server/dist-before   (then change the code, npm run build)
//   BENCH_AB=apps/server/dist-before/main.js,apps/server/dist/main.js npm run bench:license-ab
// (a copy of the whole dist folder, beside it: the build reads its migrations from its own folder
// and its packages from node_modules; the build itself empties dist/)
//   BENCH_ROUNDS=6 BENCH_SECONDS=6 ... (rounds per build, seconds per round)
//
// On PostgreSQL (DATABASE_URL, or the machine's local server), 200 booths as in bench:license,
// 50 connections, rate limits off as there.
import fs from 'node:fs';
import autocannon from 'autocannon';
import { freshDatabaseUrl } from '../e2e/support/product-server.ts';
import { CONNECTIONS, cpuSeconds, startProduct, stop } from './support/bench-server.mjs';
import { activatedBooths, adminEnv } from './support/booths.mjs';

const BUILDS = (process.env.BENCH_AB ?? '').split(',').filter(Boolean);
if (BUILDS.length !== 2)
  throw new Error(
    'BENCH_AB=<build A>,<build B> (two server entry files, e.g. a copy of apps/server/dist/main.js)',
  );
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const PG_BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const database = await freshDatabaseUrl(PG_BASE);
const servers = [];
try {
  for (const entry of BUILDS)
    servers.push({ entry, ...(await startProduct(database.url, adminEnv, entry)), cpu: [] });
  const booths = await activatedBooths(servers[0].baseUrl, 200);
  const validations = () => {
    let next = 0;
    return [
      {
        method: 'POST',
        path: '/api/licenses/validate',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => {
          const b = booths[next++ % booths.length];
          return {
            ...req,
            body: JSON.stringify({ license_key: b.key, device_id: b.device, app_version: '2.4.1' }),
          };
        },
      },
    ];
  };
  const run = (server, duration) =>
    autocannon({
      url: server.baseUrl,
      connections: CONNECTIONS,
      duration,
      requests: validations(),
    });
  for (const server of servers) await run(server, 5); // warm-up, untimed
  for (let round = 0; round < ROUNDS; round++) {
    // A B, then B A: neither build always runs first after the other.
    for (const server of round % 2 ? [...servers].reverse() : servers) {
      const before = cpuSeconds(server.child.pid);
      const r = await run(server, SECONDS);
      const us = ((cpuSeconds(server.child.pid) - before) * 1e6) / r.requests.total;
      server.cpu.push(us);
      console.log(
        `round ${round + 1}  ${server.entry}  ${Math.round(r.requests.average)} req/s  CPU ${Math.round(us)} µs/req  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms  errors ${r.non2xx + r.errors + r.timeouts}`,
      );
    }
  }
  const median = (xs) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  for (const s of servers)
    console.log(`${s.entry}: median CPU ${Math.round(median(s.cpu))} µs/req over ${ROUNDS} rounds`);
  console.log(
    `B/A: ${(median(servers[1].cpu) / median(servers[0].cpu)).toFixed(2)}× the CPU a request`,
  );
} finally {
  for (const s of servers) {
    await stop(s.child);
    fs.rmSync(s.dataDir, { recursive: true, force: true });
  }
  await database.drop?.();
}
