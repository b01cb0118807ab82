import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_TIME_ZONE } from './time-zones';
import { SERVER_NODE_FLAGS } from '../../apps/server/node-flags.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface ProductServer {
  baseUrl: string;
  adminEmail: string;
  adminPassword: string;
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (also used by bench/api.mjs). */
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

/** With DATABASE_URL set, each run gets its own fresh database on that server. */
/** A new database on the `base` server (default DATABASE_URL) and its drop; none without a server. */
export async function freshDatabaseUrl(base = process.env.DATABASE_URL): Promise<{ url?: string; drop?: () => Promise<void> }> {
  if (!base) return {};
  const pg = (await import('pg')).default;
  const name = `lbs_e2e_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      await c.end();
    },
  };
}

/**
 * Starts the built product exactly as `npm start` runs it (node apps/server/dist/main.js, built
 * first when its sources changed), on a free
 * port on 127.0.0.1 with a fresh data directory, in SERVER_TIME_ZONE, and waits for /api/health.
 */
export async function startProductServer(
  extraEnv: Record<string, string> = {},
  opts: { embeddedDatabase?: boolean; seedDemo?: string[] } = {},
): Promise<ProductServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbs-e2e-'));
  // `embeddedDatabase`: PGlite in the data dir even when DATABASE_URL is set (benchmarks).
  const db: Awaited<ReturnType<typeof freshDatabaseUrl>> = opts.embeddedDatabase ? {} : await freshDatabaseUrl();
  const adminEmail = 'admin@e2e.test';
  const adminPassword = 'Admin-Passw0rd!2025';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    OUTBOX_POLL_MS: '200',
    // Every journey comes from 127.0.0.1 and shares this server, so per-client limits would trip
    // across specs; the API tests cover the limits. A smaller proof of work keeps sign-ups quick
    // while the widget and createVerifiedUser still solve real challenges.
    RATE_LIMIT_DISABLED: '1',
    ALTCHA_MAX_NUMBER: '5000',
    TZ: SERVER_TIME_ZONE,
    ...extraEnv,
  };
  delete env.SMTP_URL;
  delete env.STRIPE_SECRET_KEY;
  if (db.url) env.DATABASE_URL = db.url;
  else delete env.DATABASE_URL;

  const build = spawnSync(process.execPath, [path.join(ROOT, 'scripts/ensure-build.mjs'), '--server-only'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server build failed');
  // `seedDemo`: fill the fresh database with `npm run seed:demo -- <args>` before the server starts.
  if (opts.seedDemo) {
    const seed = spawnSync(path.join(ROOT, 'node_modules/.bin/tsx'), ['src/cli/seed-demo-cli.ts', ...opts.seedDemo], {
      cwd: path.join(ROOT, 'apps/server'),
      env,
      stdio: 'inherit',
    });
    if (seed.status !== 0) throw new Error('seeding the demo shop failed');
  }
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`product server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('product server did not become healthy within 120 s');
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    baseUrl,
    adminEmail,
    adminPassword,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await db.drop?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
