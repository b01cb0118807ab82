import { eq, gte, lt, and, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLicense } from '../../../test/account-fixtures';
import { openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { createUserWithSession } from '../../../test/fixtures';
import { licenses, usageEvents } from '../../db/schema';
import { selectRows } from '../../db/select-rows';

/**
 * usage_device_hourly (migration 0012) is kept by statement triggers on usage_events: whatever
 * the writes, its counts per licence, device and UTC hour must equal counting the events.
 */

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 20, 0, 0, 0);
const SPAN = 2 * 24 * HOUR;
const DEVICES = ['booth-1', 'booth-2', 'booth-3'];

let t: TestDatabase;
let licenseIds: string[];

interface Count {
  license_id: string;
  device_id: string;
  hour: string;
  successes: number;
  errors: number;
}

/** Every non-zero (licence, device, hour) of the table, and the same counted from the events. */
async function bothCounts(): Promise<{ kept: Count[]; counted: Count[] }> {
  const order = sql`order by 1, 2, 3`;
  const kept = await selectRows<Count>(
    t.database.db,
    sql`select license_id::text, device_id, to_char(hour at time zone 'UTC', 'YYYY-MM-DD HH24') as hour, successes::int as successes, errors::int as errors
        from usage_device_hourly where successes <> 0 or errors <> 0 ${order}`,
  );
  const counted = await selectRows<Count>(
    t.database.db,
    sql`select license_id::text, device_id, to_char(date_trunc('hour', occurred_at, 'UTC') at time zone 'UTC', 'YYYY-MM-DD HH24') as hour,
          (count(*) filter (where kind = 'success'))::int as successes, (count(*) filter (where kind = 'error'))::int as errors
        from usage_events where license_id is not null group by 1, 2, 3 ${order}`,
  );
  return { kept, counted };
}

async function expectExact() {
  const { kept, counted } = await bothCounts();
  expect(kept).toEqual(counted);
}

beforeAll(async () => {
  t = await openTestDatabase();
  const user = await createUserWithSession(t.database.db);
  licenseIds = [];
  for (let i = 0; i < 3; i += 1) licenseIds.push((await insertLicense(t.database.db, user, { deviceId: DEVICES[i] })).id);
  // 500 events at arbitrary instants over three licences and devices (some without a licence),
  // in batches as the licence server inserts them.
  const offsets = fc.sample(fc.integer({ min: 0, max: SPAN - 1 }), { numRuns: 500, seed: 20 });
  for (let i = 0; i < offsets.length; i += 100) {
    await t.database.db.insert(usageEvents).values(
      offsets.slice(i, i + 100).map((offset, j) => ({
        licenseId: j % 10 === 9 ? null : licenseIds[j % 3]!,
        deviceId: DEVICES[(j + i) % 3]!,
        kind: j % 4 === 0 ? ('error' as const) : ('success' as const),
        occurredAt: new Date(T0 + offset),
      })),
    );
  }
}, 60_000);
afterAll(() => t?.close());

describe('usage_device_hourly, kept by triggers', () => {
  it('counts inserted events per licence, device and UTC hour, leaving out events without a licence', async () => {
    await expectExact();
    const { kept } = await bothCounts();
    const total = kept.reduce((n, c) => n + c.successes + c.errors, 0);
    expect(total).toBe(500 - 50);
  });

  it('stays exact after updates of time, kind, device and licence', async () => {
    await t.database.db.update(usageEvents).set({ occurredAt: sql`${usageEvents.occurredAt} + interval '5 hours 17 minutes'` }).where(lt(usageEvents.id, 120));
    await t.database.db.update(usageEvents).set({ kind: 'error' }).where(and(gte(usageEvents.id, 120), lt(usageEvents.id, 160)));
    await t.database.db.update(usageEvents).set({ deviceId: 'booth-9' }).where(and(gte(usageEvents.id, 160), lt(usageEvents.id, 200)));
    await t.database.db.update(usageEvents).set({ licenseId: licenseIds[1]! }).where(and(gte(usageEvents.id, 200), lt(usageEvents.id, 260)));
    await t.database.db.update(usageEvents).set({ licenseId: null }).where(and(gte(usageEvents.id, 260), lt(usageEvents.id, 280)));
    await expectExact();
  });

  it('stays exact after deletes, and when a licence is deleted (its events lose it)', async () => {
    await t.database.db.delete(usageEvents).where(and(gte(usageEvents.id, 300), lt(usageEvents.id, 340)));
    await t.database.db.delete(licenses).where(eq(licenses.id, licenseIds[2]!));
    await expectExact();
    const { kept } = await bothCounts();
    expect(kept.some((c) => c.license_id === licenseIds[2])).toBe(false);
  });

  it('is emptied by a truncate', async () => {
    await t.database.db.execute(sql`truncate usage_events`);
    expect(await selectRows(t.database.db, sql`select * from usage_device_hourly`)).toEqual([]);
  });
});
