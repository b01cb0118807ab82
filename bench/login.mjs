#!/usr/bin/env node
/* global performance */
// Sign-in throughput of the built product as a ratio to raw argon2 verification with the same
// parameters (argon2id, m=19 MiB, t=2, p=1) measured in this run, at the same concurrency. The
// password hash is meant to be the whole cost of a sign-in; the ratio says how much the rest
// (CAPTCHA check, user lookup, session row, response) adds. Goal (issue 14): ≥ 0.8×.
//
//   npm run bench:login                         (PostgreSQL at DATABASE_URL or the local server; PGlite beside it)
//   BENCH_SECONDS=5 BENCH_DATABASES=pglite npm run bench:login
//
// Each sign-in carries a CAPTCHA solution the product accepts once, as a real client's does; they
// are solved before the timed run so the client's work is not in the figure.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import argon2 from 'argon2';
import { freshDatabaseUrl } from '../e2e/support/product-server.ts';
import { CONNECTIONS, SECONDS, captcha, fmt, load, root, signedInCustomer, startProduct, stop } from './support/bench-server.mjs';

// The product's parameters (apps/server/src/lib/password.ts), repeated here because the bench
// runs the built server as a separate process; the printed hash header shows they match.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const PG_BASE = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WANTED = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',');

/** argon2.verify at CONNECTIONS in flight for SECONDS: verifications per second and p99 ms. */
async function rawArgon2() {
  const password = 'Bench-Passw0rd!2025';
  const hash = await argon2.hash(password, OPTIONS);
  const times = [];
  let done = 0;
  const end = Date.now() + SECONDS * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < end) {
        const t = performance.now();
        if (!(await argon2.verify(hash, password))) throw new Error('argon2 refused its own hash');
        times.push(performance.now() - t);
        done++;
      }
    }),
  );
  times.sort((a, b) => a - b);
  return { rps: done / ((Date.now() - started) / 1000), p99: times[Math.floor(times.length * 0.99)], header: hash.split('$').slice(1, 4).join('$') };
}

async function benchDatabase(label, databaseUrl, expectedRps) {
  const product = await startProduct(databaseUrl);
  try {
    const { email, password } = await signedInCustomer(product.baseUrl);
    // Enough single-use solutions for the run at the raw rate, with room to spare.
    const count = Math.ceil(expectedRps * SECONDS * 1.3) + CONNECTIONS;
    const tokens = [];
    for (let i = 0; i < count; i++) tokens.push(await captcha(product.baseUrl));
    let next = 0;
    const requests = [
      {
        method: 'POST',
        path: '/api/users/signin',
        headers: { 'content-type': 'application/json' },
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ user: { email, password }, recaptchaToken: tokens[next++ % tokens.length] }) }),
      },
    ];
    const result = await load(product.baseUrl, {}, { requests, amount: count - CONNECTIONS });
    return { label, ...result };
  } finally {
    await stop(product.child);
    fs.rmSync(product.dataDir, { recursive: true, force: true });
  }
}

const build = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs'), '--server-only'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) throw new Error('server build failed');

console.log(`bench:login — ${CONNECTIONS} in flight, ${SECONDS} s, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
const raw = await rawArgon2();
console.log(`raw argon2 verify (${raw.header}): ${fmt(raw.rps, 1)}/s, p99 ${fmt(raw.p99)} ms`);
const results = [];
let pgDb;
try {
  if (WANTED.includes('postgres')) {
    try {
      pgDb = await freshDatabaseUrl(PG_BASE);
    } catch (err) {
      console.log(`PostgreSQL not reachable (${err.message}); PGlite only`);
    }
    if (pgDb?.url) results.push(await benchDatabase('PostgreSQL', pgDb.url, raw.rps));
  }
  if (WANTED.includes('pglite')) results.push(await benchDatabase('PGlite', undefined, raw.rps));
} finally {
  await pgDb?.drop?.();
}

for (const r of results) {
  const ratio = r.rps / raw.rps;
  console.log(
    `${r.label}: sign-in ${fmt(r.rps, 1)}/s, p50 ${fmt(r.p50)} ms, p99 ${fmt(r.p99)} ms, errors ${r.bad}; ratio to raw argon2 ${fmt(ratio, 2)}× (goal ≥ 0.8×: ${ratio >= 0.8 ? 'met' : 'MISSED'})`,
  );
}
