import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type Db } from '../../db/client';
import { devMail, outbox } from '../../db/schema';
import { devMailboxTransport } from '../../integrations/mail/transport';
import {
  buildTestApp,
  onPostgres,
  pgliteTemplate,
  type TestApp,
} from '../../../test/build-test-app';
import { enqueueMail, type MailMessage } from './enqueue';
import { backoffMs, OutboxWorker, type OutboxHandlers, type OutboxWorkerOptions } from './worker';

const silentLog = {
  level: 'silent',
  fatal: () => {},
  error: () => {},
  warn: () => {},
  info: () => {},
  debug: () => {},
  trace: () => {},
  silent: () => {},
  child: () => silentLog,
} as unknown as FastifyBaseLogger;

const FROM = 'Shop <shop@example.com>';
const mail = (to: string, subject = 'Hello'): MailMessage => ({
  to,
  subject,
  text: `${subject} text`,
  html: `<p>${subject}</p>`,
});
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A handler that stores into the dev mailbox and records every call, so a double send shows. */
function countingMailbox(db: Db) {
  const calls: number[] = [];
  const transport = devMailboxTransport(db, FROM);
  const handlers: OutboxHandlers = {
    mail: async (message, outboxId) => {
      calls.push(outboxId);
      await transport.send(message, outboxId);
    },
  };
  return { calls, handlers };
}

const worker = (db: Db, handlers: OutboxHandlers, opts: Partial<OutboxWorkerOptions> = {}) =>
  new OutboxWorker(db, handlers, silentLog, { pollMs: 10, ...opts });

const outboxRow = async (db: Db, id: number) =>
  (await db.select().from(outbox).where(eq(outbox.id, id)))[0]!;
const mailCount = async (db: Db, to: string) =>
  (await db.select({ n: count() }).from(devMail).where(eq(devMail.to, to)))[0]!.n;

let t: TestApp;
let db: Db;

beforeAll(async () => {
  t = await buildTestApp();
  db = t.db;
});
afterAll(() => t?.close());
beforeEach(async () => {
  await db.delete(devMail);
  await db.delete(outbox);
});

describe('outbox delivery', () => {
  it('never delivers mail enqueued in a transaction that rolls back', async () => {
    await expect(
      db.transaction(async (tx) => {
        await enqueueMail(tx, mail('rollback@example.com'));
        throw new Error('the business change failed');
      }),
    ).rejects.toThrow('the business change failed');
    const { calls, handlers } = countingMailbox(db);
    await worker(db, handlers).drain();
    expect(calls).toEqual([]);
    expect((await db.select({ n: count() }).from(outbox))[0]!.n).toBe(0);
    expect(await mailCount(db, 'rollback@example.com')).toBe(0);
  });

  it('delivers committed mail exactly once, however many runs race for it', async () => {
    const id = await db.transaction((tx) => enqueueMail(tx, mail('Once@Example.com', 'Welcome')));
    const { calls, handlers } = countingMailbox(db);
    // Two workers stand for two server processes sharing the database.
    const a = worker(db, handlers);
    const b = worker(db, handlers);
    const delivered = await Promise.all([
      a.runOnce(),
      b.runOnce(),
      a.runOnce(),
      b.runOnce(),
      a.runOnce(),
      b.runOnce(),
    ]);
    expect(delivered.reduce((x, y) => x + y, 0)).toBe(1);
    await Promise.all([a.drain(), b.drain()]);
    expect(calls).toEqual([id]);
    expect(await outboxRow(db, id)).toMatchObject({
      status: 'delivered',
      attempts: 1,
      lockedUntil: null,
    });
    const stored = await db.select().from(devMail);
    expect(stored).toEqual([
      expect.objectContaining({ to: 'once@example.com', subject: 'Welcome', outboxId: id }),
    ]);
  });

  it('delivers a batch in the order it was enqueued', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 5; i++)
      ids.push(await enqueueMail(db, mail('order@example.com', `Mail ${i}`)));
    const { calls, handlers } = countingMailbox(db);
    expect(await worker(db, handlers).runOnce()).toBe(5);
    expect(calls).toEqual(ids);
  });

  it('keeps claiming while batches come back full (a campaign), within one tick, then stops', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) ids.push(await enqueueMail(db, mail('burst@example.com', `Burst ${i}`)));
    const { calls, handlers } = countingMailbox(db);
    // Batches of 10: 10, 10, then 5 (not full) ends the tick; no poll interval waited between them.
    expect(await worker(db, handlers, { batchSize: 10 }).runOnce()).toBe(25);
    expect(calls).toEqual(ids);
    // A burst is bounded by time: with no time left it delivers the one batch it claimed.
    for (let i = 0; i < 15; i++) await enqueueMail(db, mail('burst@example.com', `Later ${i}`));
    expect(await worker(db, handlers, { batchSize: 10, burstMs: 0 }).runOnce()).toBe(10);
  });

  it('retries a failing send with growing backoff and gives up after maxAttempts', async () => {
    const id = await enqueueMail(db, mail('flaky@example.com'));
    let calls = 0;
    const w = worker(
      db,
      {
        mail: async () => {
          calls++;
          throw new Error('SMTP down');
        },
      },
      { maxAttempts: 3 },
    );
    const makeDue = () =>
      db
        .update(outbox)
        .set({ nextAttemptAt: sql`now() - interval '1 second'` })
        .where(eq(outbox.id, id));
    const delays: number[] = [];

    for (let attempt = 1; attempt <= 2; attempt++) {
      const started = Date.now();
      expect(await w.runOnce()).toBe(0);
      const row = await outboxRow(db, id);
      expect(row).toMatchObject({
        status: 'pending',
        attempts: attempt,
        lastError: 'SMTP down',
        lockedUntil: null,
      });
      const delay = row.nextAttemptAt.getTime() - started;
      expect(delay).toBeGreaterThanOrEqual(backoffMs(attempt) - 1000);
      expect(delay).toBeLessThanOrEqual(backoffMs(attempt) + 5000);
      delays.push(delay);
      // Not due yet: another run leaves it alone.
      expect(await w.runOnce()).toBe(0);
      expect(calls).toBe(attempt);
      await makeDue();
    }
    expect(delays[1]!).toBeGreaterThan(delays[0]!);

    expect(await w.runOnce()).toBe(0);
    expect(calls).toBe(3);
    expect(await outboxRow(db, id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      lastError: 'SMTP down',
    });

    await makeDue();
    await w.drain();
    expect(calls).toBe(3);
    expect(await mailCount(db, 'flaky@example.com')).toBe(0);
  });

  it('delivers on a retry after a failed send', async () => {
    const id = await enqueueMail(db, mail('second-try@example.com'));
    const { calls, handlers } = countingMailbox(db);
    let failNext = true;
    const w = worker(db, {
      mail: async (m, outboxId) => {
        if (failNext) {
          failNext = false;
          throw new Error('timeout');
        }
        await handlers.mail(m, outboxId);
      },
    });
    await w.runOnce();
    await db
      .update(outbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(outbox.id, id));
    expect(await w.runOnce()).toBe(1);
    expect(calls).toEqual([id]);
    expect(await outboxRow(db, id)).toMatchObject({
      status: 'delivered',
      attempts: 2,
      lastError: null,
    });
    expect(await mailCount(db, 'second-try@example.com')).toBe(1);
  });
});

describe('stopping the worker', () => {
  it('finishes the message being sent and hands the rest of its batch back untouched', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push(await enqueueMail(db, mail('stop@example.com', `Mail ${i}`)));
    const { calls, handlers } = countingMailbox(db);
    let stopping: Promise<void> | undefined;
    const w = worker(db, {
      mail: async (m, outboxId) => {
        // The signal comes while the first message is with the mail server.
        stopping ??= w.stop();
        await handlers.mail(m, outboxId);
      },
    });
    w.start();
    await new Promise<void>((resolve) => {
      const poll = setInterval(() => stopping && (clearInterval(poll), resolve()), 5);
    });
    await stopping;
    expect(calls).toEqual([ids[0]]);
    expect(await outboxRow(db, ids[0]!)).toMatchObject({ status: 'delivered', attempts: 1 });
    for (const id of ids.slice(1)) {
      expect(await outboxRow(db, id)).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    }
    // Another process picks them up at once, not after a lease.
    await worker(db, handlers).drain();
    expect(calls).toEqual(ids);
  });
});

/**
 * A process dies while a message is being sent: the claim is on disk, the send never finished.
 * After restart the message must be sent again once its lease runs out, and only once.
 */
async function restartMidDelivery(open: (restart: boolean) => Promise<Database>) {
  const LEASE_MS = 200;
  const first = await open(false);
  await first.migrate();
  const id = await first.db.transaction((tx) =>
    enqueueMail(tx, mail('restart@example.com', 'Your receipt')),
  );

  let markClaimed!: () => void;
  const claimed = new Promise<void>((resolve) => (markClaimed = resolve));
  const crashing = worker(
    first.db,
    {
      mail: () => {
        markClaimed();
        return new Promise<void>(() => {}); // the send hangs: the process is about to die
      },
    },
    { leaseMs: LEASE_MS },
  );
  void crashing.runOnce();
  await claimed;
  const claimedAt = Date.now();
  // Abrupt: no stop(), no chance to release the claim.
  await first.close();

  const second = await open(true);
  try {
    await second.migrate();
    const { calls, handlers } = countingMailbox(second.db);
    const restarted = worker(second.db, handlers, { leaseMs: LEASE_MS });
    await sleep(Math.max(0, claimedAt + LEASE_MS + 50 - Date.now()));
    expect(await restarted.runOnce()).toBe(1);
    await restarted.drain();
    expect(calls).toEqual([id]);
    expect(await outboxRow(second.db, id)).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(await mailCount(second.db, 'restart@example.com')).toBe(1);
  } finally {
    await second.close();
  }
}

describe('restart mid-delivery loses nothing', () => {
  it('on a file-backed PGlite', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lbs-outbox-'));
    try {
      // A fresh directory starts from the migrated snapshot; the restart opens what is on disk.
      const { loadDataDir, ...compiled } = await pgliteTemplate();
      await restartMidDelivery((restart) =>
        openDatabase({ dataDir, pglite: restart ? compiled : { ...compiled, loadDataDir } }),
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000); // up to three PGlite boots, the first compiling its WASM, on a busy machine

  it.runIf(onPostgres())('on PostgreSQL', async () => {
    // A new connection pool on the same database stands for the restarted process.
    await restartMidDelivery(() => openDatabase({ url: t.databaseUrl }));
  });
});
