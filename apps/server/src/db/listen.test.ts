import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { onPostgres, openTestDatabase, type TestDatabase } from '../../test/build-test-app';

const CHANNEL = 'lbs_listen_test';

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

const waitFor = async (check: () => boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('Database.listen', () => {
  it('delivers a NOTIFY once its transaction commits, and never one that rolled back', async () => {
    const got: string[] = [];
    const stop = await t.database.listen(CHANNEL, (p) => got.push(p));
    try {
      await t.database.db
        .transaction(async (tx) => {
          await tx.execute(sql`select pg_notify(${CHANNEL}, 'rolled-back')`);
          throw new Error('abort');
        })
        .catch(() => {});
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify(${CHANNEL}, 'committed')`);
      });
      await waitFor(() => got.length > 0);
      await new Promise((r) => setTimeout(r, 100));
      expect(got).toEqual(['committed']);
    } finally {
      await stop();
    }
  });

  it('stops delivering after unsubscribe and refuses a channel name that is not an identifier', async () => {
    const got: string[] = [];
    const stop = await t.database.listen(CHANNEL, (p) => got.push(p));
    await stop();
    await t.database.db.execute(sql`select pg_notify(${CHANNEL}, 'late')`);
    await new Promise((r) => setTimeout(r, 150));
    expect(got).toEqual([]);
    await expect(t.database.listen('x; drop table users', () => {})).rejects.toThrow(/Invalid channel/);
  });

  it.runIf(onPostgres())('reconnects after its connection is killed and says so', async () => {
    const got: string[] = [];
    let reconnects = 0;
    const stop = await t.database.listen(CHANNEL, (p) => got.push(p), { onReconnect: () => (reconnects += 1) });
    try {
      await t.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = ${`LISTEN ${CHANNEL}`}`,
      );
      await waitFor(() => reconnects === 1, 10_000);
      await t.database.db.execute(sql`select pg_notify(${CHANNEL}, 'after-reconnect')`);
      await waitFor(() => got.includes('after-reconnect'));
    } finally {
      await stop();
    }
  });
});
