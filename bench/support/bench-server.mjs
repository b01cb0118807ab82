/* global fetch, setTimeout, clearTimeout, Buffer */
// What the benches share: starting the built product and a bare Fastify route beside it, signing
// in as a real client does, loading a route with autocannon, and reading a process's memory.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { solveChallenge } from 'altcha-lib';
import { freePort } from '../../e2e/support/product-server.ts';
import { SERVER_NODE_FLAGS } from '../../apps/server/node-flags.mjs';

export const root = path.resolve(import.meta.dirname, '../..');
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
export const USE_TSX = process.env.BENCH_SERVER === 'tsx';
// The server build to measure: another one (a copy of apps/server/dist kept from before a change)
// for an A/B run on one machine (bench/license-ab.mjs).
const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY ?? 'apps/server/dist/main.js';

export async function waitFor(url, child, what) {
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

export function stop(child) {
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
export function rssMb(pid) {
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
// The licence server's answer to a valid check: the same JSON, a lease of a real one's length.
const validation = { valid: true, code: 'VALID', detail: 'The licence is valid on this device.',
  license: { id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b', type: 'month', starts_at: new Date().toISOString(),
    expires_at: new Date(Date.now() + 30 * 864e5).toISOString(), device_id: 'booth-0001' }, lease: 'x'.repeat(420) };
app.post('/validate', async (req) => ({ ...validation, license: { ...validation.license, device_id: req.body.device_id } }));
app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' }).catch((e) => { console.error(e); process.exit(1); });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
`;

export async function startBare() {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', BARE_SERVER], {
    cwd: path.join(root, 'apps/server'),
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/json`;
  await waitFor(url, child, 'bare server');
  return { url, baseUrl: `http://127.0.0.1:${port}`, child };
}

export async function startProduct(databaseUrl, extraEnv = {}, entryFile = SERVER_ENTRY) {
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
    ...extraEnv,
  };
  delete env.SMTP_URL;
  delete env.STRIPE_SECRET_KEY;
  delete env.REDIS_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  // The product's own flags first, so that BENCH_NODE_ARGS can override one (V8 keeps the last):
  // BENCH_NODE_ARGS=--max-semi-space-size=64 measures without the cap. The tsx path runs the
  // sources through tsx's loader, without the compiled start's flags.
  const entry = USE_TSX
    ? [...NODE_ARGS, path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/main.ts']
    : [...SERVER_NODE_FLAGS, ...NODE_ARGS, entryFile];
  // The log goes to a file, as to a collector that keeps up: a pipe this busy process drains late
  // would make the server's logger wait, which is the bench's doing, not the product's.
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'w');
  const child = spawn(process.execPath, entry, { cwd: root, env, stdio: ['ignore', log, 'inherit'] });
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

export async function api(baseUrl, method, url, body, token) {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return text ? JSON.parse(text) : null;
}

export async function captcha(baseUrl) {
  const ch = await api(baseUrl, 'GET', '/api/captcha/challenge');
  const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
  const payload = { algorithm: ch.algorithm, challenge: ch.challenge, number: solution.number, salt: ch.salt, signature: ch.signature };
  return Buffer.from(JSON.stringify(payload)).toString('base64');
}

/** A customer made as customers make one: sign-up, the mailed link, sign-in. */
export async function signedInCustomer(baseUrl) {
  const email = `bench-${Date.now()}-${crypto.randomUUID().slice(0, 8)}@example.com`;
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
  return { token, userId: session.user.id ?? me.id, email, password };
}

/**
 * The same load, untimed, before every measured run (bare route and product alike): the first
 * seconds of a fresh process compile its hot paths, and a 10 s run that includes them measured
 * the product's start-up as much as its route (2026-11-27: the first 8 s of validate cost 420-660
 * µs of server CPU a request, the next 8 s 285-335). A run of a fixed `amount` (bench:login) has none:
 * its requests are made for it.
 */
export const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);

/**
 * autocannon on `url` for SECONDS at CONNECTIONS; `options` adds method, body or requests. With
 * `serverPid`, also the server's CPU time per answered request over the measured run (µs): what a
 * request costs the server, whatever share of the two cores the load generator took meanwhile.
 */
export async function load(url, headers = {}, options = {}, serverPid = undefined) {
  if (WARMUP_SECONDS > 0 && options.amount === undefined) await autocannon({ url, connections: CONNECTIONS, duration: WARMUP_SECONDS, headers, ...options });
  const cpuBefore = serverPid === undefined ? NaN : cpuSeconds(serverPid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, ...options });
  const cpuUsPerRequest = ((cpuSeconds(serverPid) - cpuBefore) * 1e6) / result.requests.total;
  const bad = result.non2xx + result.errors + result.timeouts;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, bad, cpuUsPerRequest };
}

/**
 * CPU time (user + system) a process and its running children have used so far, in seconds, from
 * /proc (clock ticks of 1/100 s); NaN where there is no /proc. The children count as in rssMb:
 * BENCH_SERVER=tsx runs the server in a child of the process started.
 */
export function cpuSeconds(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name, in parentheses, may itself hold spaces or parentheses: the fields follow the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
    return (Number(fields[11]) + Number(fields[12])) / 100 + children.reduce((sum, c) => sum + cpuSeconds(Number(c)), 0);
  } catch {
    return NaN;
  }
}

export const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
