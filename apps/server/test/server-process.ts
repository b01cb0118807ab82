import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import pg from 'pg';
import { openDatabase, type Db } from '../src/db/client';
import { pgliteTemplate } from './build-test-app';
import { SERVER_NODE_FLAGS } from '../node-flags.mjs';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ServerStorage {
  env: Record<string, string>;
  /** On PostgreSQL: this storage's own database URL. */
  databaseUrl?: string;
  dataDir: string;
  /** Drops the database / removes the data directory. */
  remove(): Promise<void>;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Where a spawned server keeps its data, outliving the process so a restart finds it: a fresh
 * database on the PostgreSQL of DATABASE_URL, or else a PGlite directory. Several processes may
 * share one only on PostgreSQL.
 */
export async function serverStorage(): Promise<ServerStorage> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbs-proc-'));
  const base = process.env.DATABASE_URL;
  if (!base) {
    return { env: { DATA_DIR: dataDir }, dataDir, remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `lbs_proc_${crypto.randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    databaseUrl: url.toString(),
    dataDir,
    remove: async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Opens a storage's database from the test (on PGlite only while no server process has it open)
 * and runs `read` on it.
 */
export async function readStorage<T>(storage: ServerStorage, read: (db: Db) => Promise<T>): Promise<T> {
  let database;
  if (storage.databaseUrl) database = await openDatabase({ url: storage.databaseUrl });
  else {
    const { pgliteWasmModule, initdbWasmModule, fsBundle } = await pgliteTemplate();
    database = await openDatabase({ dataDir: storage.dataDir, pglite: { pgliteWasmModule, initdbWasmModule, fsBundle } });
  }
  try {
    return await read(database.db);
  } finally {
    await database.close();
  }
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  /** Everything the process printed so far (pino JSON lines and anything else). */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` to the process group, as a supervisor stopping the service does. */
  signal(signal: NodeJS.Signals): void;
  /** SIGKILL to the whole group, then waits for the exit. Safe to call twice. */
  kill(): Promise<void>;
}

/**
 * The real server, compiled as `npm start` runs it (dist/main.js, built before the tests by
 * test/global-setup.ts), in its own process group,
 * on a free port of 127.0.0.1, started once /api/health answers 200.
 * Output is collected (and printed only when a test fails), never left to fill a pipe.
 */
export async function startServerProcess(storage: ServerStorage, extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'info',
    OUTBOX_POLL_MS: '100',
    ALTCHA_MAX_NUMBER: '1000',
    WEB_DIST_DIR: path.join(storage.dataDir, 'no-web-build'),
    ...storage.env,
    ...extraEnv,
  };
  for (const key of ['DATABASE_URL', 'SMTP_URL', 'STRIPE_SECRET_KEY', 'REDIS_URL', 'VITEST', 'VITEST_POOL_ID', 'VITEST_WORKER_ID']) {
    if (!(key in storage.env) && !(key in extraEnv)) delete env[key];
  }
  // One node process, as production runs it. Not the tsx CLI: that wrapper SIGKILLs its child
  // when the child's event loop is too busy to report a signal within 30 ms, which a loaded
  // machine makes a coin toss and which would test tsx instead of the server's own shutdown.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'], {
    cwd: ROOT,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const group = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      /* already gone */
    }
  };
  const proc: ServerProcess = {
    baseUrl,
    child,
    output: () => out,
    exited,
    signal: group,
    kill: async () => {
      group('SIGKILL');
      await exited;
    },
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited before it was healthy:\n${out}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return proc;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await proc.kill();
      throw new Error(`server was not healthy within 90 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Polls `check` until it answers a truthy value (or throws after `timeoutMs`). */
export async function waitFor<T>(check: () => Promise<T> | T, what: string, timeoutMs = 20_000): Promise<Exclude<T, false | null | undefined | 0 | ''>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as Exclude<T, false | null | undefined | 0 | ''>;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The API of a spawned server, over real HTTP, as a browser or the e2e helpers call it. */
export function apiClient(baseUrl: string, defaultHeaders: Record<string, string> = {}) {
  const call = async (method: string, url: string, opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      redirect: 'manual',
      headers: {
        ...defaultHeaders,
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json: json as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
  };

  const captcha = async () => {
    const ch = (await call('GET', '/api/captcha/challenge')).json as { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
    const solution = await solveChallenge(ch.challenge, ch.salt, ch.algorithm, ch.maxnumber).promise;
    if (!solution) throw new Error('ALTCHA challenge could not be solved');
    const payload = { algorithm: ch.algorithm, challenge: ch.challenge, number: solution.number, salt: ch.salt, signature: ch.signature };
    return Buffer.from(JSON.stringify(payload)).toString('base64');
  };

  const mailTo = async (to: string) => (await call('GET', `/api/dev/mail?to=${encodeURIComponent(to)}`)).json as { subject: string; text: string }[];

  return {
    call,
    captcha,
    mailTo,
    async signUp(email: string, password = 'Correct-Horse-9-Battery!') {
      const res = await call('POST', '/api/users/signup', { body: { user: { username: email.split('@')[0], email, password }, recaptchaToken: await captcha() } });
      if (res.status !== 201) throw new Error(`sign-up answered ${res.status}: ${res.text}`);
    },
    /** The verification link's token, once the outbox has delivered the mail. */
    async verificationToken(email: string, mailbox: (to: string) => Promise<{ subject: string; text: string }[]> = mailTo) {
      const mail = await waitFor(async () => (await mailbox(email)).find((m) => /verify/i.test(m.subject)), `the verification mail to ${email}`);
      return /\/verify-email\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    },
    async verify(token: string) {
      const res = await call('GET', `/api/users/verify-email/${token}`);
      if (res.status !== 200) throw new Error(`verify-email answered ${res.status}: ${res.text}`);
    },
    async signIn(email: string, password = 'Correct-Horse-9-Battery!') {
      const res = await call('POST', '/api/users/signin', { body: { user: { email, password }, recaptchaToken: await captcha() } });
      if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${res.text}`);
      return res.json as { user: { id: number }; access_token: string };
    },
  };
}

/** A verified, signed-in customer on a spawned server, made through the API. */
export async function signedUpCustomer(
  baseUrl: string,
  opts: { email?: string; mailbox?: (to: string) => Promise<{ subject: string; text: string }[]> } = {},
) {
  const email = opts.email ?? `user.${crypto.randomBytes(5).toString('hex')}@example.com`;
  const api = apiClient(baseUrl);
  await api.signUp(email);
  await api.verify(await api.verificationToken(email, opts.mailbox));
  const session = await api.signIn(email);
  return { email, id: session.user.id, token: session.access_token };
}

/**
 * An open text/event-stream on the notification stream, as EventSource holds it: resolves once
 * the first event arrived; `events` collects every event name and data.
 */
export async function openNotificationStream(baseUrl: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/notification/stream`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (res.status !== 200) throw new Error(`stream answered ${res.status}: ${await res.text()}`);
  const events: { event: string; data: string }[] = [];
  let ended = false;
  const reader = res.body!.getReader();
  let buffer = '';
  const done = (async () => {
    try {
      for (;;) {
        const { value, done: eof } = await reader.read();
        if (eof) break;
        buffer += Buffer.from(value).toString();
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data !== undefined) events.push({ event, data });
        }
      }
    } catch {
      /* aborted or cut */
    } finally {
      ended = true;
    }
  })();
  await waitFor(() => events.length > 0, 'the first stream event');
  return {
    events,
    ended: () => ended,
    done,
    close: () => controller.abort(),
  };
}
