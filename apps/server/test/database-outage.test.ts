import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';
import { seedCatalogue } from '../src/db/seed';
import { sendExpiryReminders } from '../src/modules/licenses/send-expiry-reminders';
import { isDatabaseUnavailable } from '../src/db/errors';
import { onPostgres, openTestDatabase } from './build-test-app';
import { createUserWithSession } from './fixtures';
import { waitFor } from './server-process';

/**
 * A TCP relay between the app and PostgreSQL that the test can cut (as if the server stopped:
 * every connection dropped, new ones refused) and open again on the same port. With `cutAt`, it
 * cuts by itself the first time the app sends a message matching it, before passing it on: the
 * server goes away at exactly that point of the conversation.
 */
async function cuttableProxy(target: { host: string; port: number }, opts: { cutAt?: RegExp } = {}) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  let cutAt = opts.cutAt;
  let cuts = 0;
  const cut = async () => {
    cuts++;
    const closed = new Promise<void>((resolve) => server!.close(() => resolve()));
    for (const s of sockets) s.destroy();
    await closed;
  };
  const open = async () => {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const s of [client, upstream]) {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
        s.on('error', () => {});
      }
      client.on('data', (chunk: Buffer) => {
        if (cutAt?.test(chunk.toString('latin1'))) {
          cutAt = undefined;
          void cut();
          return;
        }
        upstream.write(chunk);
      });
      upstream.pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server!.once('error', reject);
      server!.listen(port, '127.0.0.1', resolve);
    });
    port = (server.address() as net.AddressInfo).port;
  };
  await open();
  return {
    get port() {
      return port;
    },
    /** How many times it was cut (by the test or at `cutAt`). */
    get cuts() {
      return cuts;
    },
    open,
    cut,
  };
}

/** drizzle's BEGIN as node-postgres sends it: a simple-protocol Query message ('Q', length, text). */
const BEGIN_MESSAGE = /Q[\s\S]{4}begin\b/;

describe('isDatabaseUnavailable', () => {
  it('recognises unreachable and shutting-down databases, through drizzle’s wrapper', () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('PGlite is closed'))).toBe(true);
  });

  it('leaves query mistakes and constraint violations to be real errors', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});

// PGlite runs inside the server process: it cannot stop while the process runs, so only a
// PostgreSQL server can go away under a running app.
describe.runIf(onPostgres())('PostgreSQL stopped mid-run (PostgreSQL only: PGlite is in-process)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  });
  const { SHUTDOWN_TIMEOUT_MS } = loadConfig({ NODE_ENV: 'test' });

  /** A fresh database, and a pool that reaches it through a cuttable proxy. */
  async function throughProxy(opts: { cutAt?: RegExp } = {}) {
    const testDb = await openTestDatabase();
    cleanups.push(() => testDb.close());
    await seedCatalogue(testDb.database.db);
    const direct = new URL(testDb.url!);
    const proxy = await cuttableProxy({ host: direct.hostname, port: Number(direct.port || 5432) }, opts);
    cleanups.push(() => proxy.cut());
    const viaProxy = new URL(testDb.url!);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    const database = await openDatabase({ url: viaProxy.toString() });
    let closing: Promise<void> | undefined;
    const close = () => (closing ??= database.close());
    cleanups.push(close);
    return { testDb, proxy, url: viaProxy.toString(), database, close };
  }

  /** Connections handed out and not given back. */
  const checkedOut = (database: Database) => {
    const stats = database.poolStats()!;
    return stats.total - stats.idle;
  };

  it('a transaction whose BEGIN loses the server gives its connection back, so the pool can close', async () => {
    const { proxy, database, close } = await throughProxy({ cutAt: BEGIN_MESSAGE });
    await expect(database.db.transaction((tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    expect(proxy.cuts).toBe(1);
    // drizzle's own pooled transaction sent BEGIN before its try/finally: a BEGIN that failed
    // left the connection checked out for good, and pool.end() waited on it forever.
    expect(checkedOut(database)).toBe(0);
    await close();
  });

  it('the licence reminder job cut at its BEGIN leaves no connection behind: the app closes within the shutdown bound', async () => {
    const { proxy, url, database, close } = await throughProxy({ cutAt: BEGIN_MESSAGE });
    const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url }), {
      database,
      startWorkers: false,
      serveWeb: false,
    });
    cleanups.push(() => app.close());
    // The job's claim is the first transaction of the app: the server vanishes as it begins.
    await expect(sendExpiryReminders(app.ctx)).rejects.toThrow();
    expect(proxy.cuts).toBe(1);
    expect(checkedOut(database)).toBe(0);
    const started = Date.now();
    await app.close();
    await close();
    expect(Date.now() - started).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
  });

  it('answers 503 {detail} while it is away and recovers without a restart', async () => {
    const { testDb, proxy, url, database, close } = await throughProxy();
    // The background workers run too: their failed ticks must not take the process down, and a
    // tick the cut catches in the middle must not keep its connection.
    const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url, OUTBOX_POLL_MS: '20' }), {
      database,
      startWorkers: true,
      serveWeb: false,
    });
    cleanups.push(() => app.close());
    const user = await createUserWithSession(testDb.database.db);
    const notifications = () => app.inject({ method: 'GET', url: `/api/notification/${user.id}`, headers: user.headers });
    const health = () => app.inject({ method: 'GET', url: '/api/health' });

    // Several pooled connections open, so the cut breaks idle ones as well as new ones.
    const before = await Promise.all([notifications(), notifications(), notifications(), health()]);
    expect(before.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const body = before[0]!.json();

    await proxy.cut();
    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ detail: expect.any(String) });
    for (const res of await Promise.all([notifications(), notifications()])) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ detail: 'Service temporarily unavailable' });
    }
    // Let the outbox and reconciliation fail a few times against the missing database.
    await new Promise((r) => setTimeout(r, 200));

    await proxy.open();
    await waitFor(async () => (await health()).statusCode === 200, 'health to recover', 15_000);
    const after = await notifications();
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(body);

    const started = Date.now();
    await app.close();
    await close();
    expect(Date.now() - started).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
  });
});
