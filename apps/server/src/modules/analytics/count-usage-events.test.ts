import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { usageEvents, usageHourly } from '../../db/schema';
import { countUsageEvents } from './count-usage-events';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 20, 0, 0, 0);
const SPAN = 3 * 24 * HOUR;

let t: TestDatabase;

/** The same count, the plain way: every row in the range. */
async function directCount(kind: 'success' | 'error', start?: Date, endExclusive?: Date): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(usageEvents)
    .where(and(eq(usageEvents.kind, kind), start ? gte(usageEvents.occurredAt, start) : undefined, endExclusive ? lt(usageEvents.occurredAt, endExclusive) : undefined));
  return Number(row!.n);
}

const instant = fc.integer({ min: T0 - HOUR, max: T0 + SPAN + HOUR }).map((ms) => new Date(ms));
const range = fc.record({ start: fc.option(instant, { nil: undefined }), endExclusive: fc.option(instant, { nil: undefined }) });

async function expectCountsAgree(runs: number) {
  await fc.assert(
    fc.asyncProperty(range, fc.constantFrom('success' as const, 'error' as const), async (r, kind) => {
      expect(await countUsageEvents(t.database.db, kind, r)).toBe(await directCount(kind, r.start, r.endExclusive));
    }),
    { numRuns: runs },
  );
}

beforeAll(async () => {
  t = await openTestDatabase();
  // 600 events at arbitrary instants (not on hour boundaries), in batches as the licence server
  // and the seeder insert them, and some on the exact hour edges.
  const rng = fc.sample(fc.integer({ min: 0, max: SPAN - 1 }), { numRuns: 600, seed: 11 });
  for (let i = 0; i < rng.length; i += 100) {
    await t.database.db.insert(usageEvents).values(
      rng.slice(i, i + 100).map((offset, j) => ({ kind: j % 4 === 0 ? ('error' as const) : ('success' as const), deviceId: 'd', occurredAt: new Date(T0 + offset) })),
    );
  }
  await t.database.db.insert(usageEvents).values([0, 1, 2].map((h) => ({ kind: 'success' as const, deviceId: 'd', occurredAt: new Date(T0 + h * HOUR) })));
}, 60_000);
afterAll(() => t?.close());

describe('countUsageEvents (whole hours from usage_hourly, the edges from the events)', () => {
  it('agrees with counting every row, for any range, open or closed, on or off the hour', async () => {
    await expectCountsAgree(150);
    // Whole business days in Singapore (UTC+8) and in India (UTC+5:30, half-hour edges).
    for (const offset of [8 * HOUR, 5.5 * HOUR]) {
      const start = new Date(T0 + 24 * HOUR - offset);
      const endExclusive = new Date(start.getTime() + 24 * HOUR);
      expect(await countUsageEvents(t.database.db, 'success', { start, endExclusive })).toBe(await directCount('success', start, endExclusive));
    }
  });

  it('stays exact after deletes, updates and a truncate (the triggers keep the hours)', async () => {
    await t.database.db.delete(usageEvents).where(lt(usageEvents.id, 50));
    await t.database.db.update(usageEvents).set({ occurredAt: sql`${usageEvents.occurredAt} + interval '7 hours 13 minutes'` }).where(lt(usageEvents.id, 120));
    await t.database.db.update(usageEvents).set({ kind: 'error' }).where(and(gte(usageEvents.id, 120), lt(usageEvents.id, 140)));
    await expectCountsAgree(60);
    const hourly = await t.database.db.select({ n: sql<string>`sum(${usageHourly.events})` }).from(usageHourly);
    expect(Number(hourly[0]!.n)).toBe((await directCount('success')) + (await directCount('error')));
    await t.database.db.execute(sql`truncate usage_events`);
    expect(await countUsageEvents(t.database.db, 'success', {})).toBe(0);
  });
});
