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
//   BENCH_ROUNDS=6 BENCH_SECONDS=10 ... (rounds per build; each round is bench:license's load():
//   BENCH_WARMUP_SECONDS untimed, then BENCH_SECONDS measured)
//
// On PostgreSQL (DATABASE_URL, or the machine's local server), 200 booths as in bench:license,
// 50 connections, rate limits off as there.
import fs from 'node:fs';
import { freshDatabaseUrl } from '../e2e/support/product-server.ts';
import { cpuSeconds, load, startProduct, stop } from './support/bench-server.mjs';
import { activatedBooths, adminEnv, boothRequests, validateBody } from './support/booths.mjs';

const BUILDS = (process.env.BENCH_AB ?? '').split(',').filter(Boolean);
if (BUILDS.length !== 2)
  throw new Error(
    'BENCH_AB=<build A>,<build B> (two server entry files, e.g. a copy of apps/server/dist/main.js)',
  );
if (!Number.isFinite(cpuSeconds(process.pid))) throw new Error('bench:license-ab reads CPU time from /proc, which this system does not have');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const PG_BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const database = await freshDatabaseUrl(PG_BASE);
const servers = [];
try {
  for (const entry of BUILDS)
    servers.push({ entry, ...(await startProduct(database.url, adminEnv, entry)), cpu: [] });
  const booths = await activatedBooths(servers[0].baseUrl, 200);
  for (let round = 0; round < ROUNDS; round++) {
    // A B, then B A: neither build always runs first after the other.
    for (const server of round % 2 ? [...servers].reverse() : servers) {
      const r = await load(server.baseUrl, {}, { requests: boothRequests(booths, '/api/licenses/validate', validateBody) }, server.child.pid);
      server.cpu.push(r.cpuUsPerRequest);
      console.log(
        `round ${round + 1}  ${server.entry}  ${Math.round(r.rps)} req/s  CPU ${Math.round(r.cpuUsPerRequest)} µs/req  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.bad}`,
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
