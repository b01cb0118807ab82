import { count, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { planOf as planOfQuery } from '../../../test/query-plan';
import { users } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { userSearch } from './user-filters';

/**
 * USERS' search (ILIKE '%…%' on the email and both names) finds its matches through the pg_trgm
 * trigram indexes of migration 0020, on PostgreSQL and on PGlite (which loads pg_trgm), not by
 * reading every account. With sequential scans priced out (as the other query-plans tests do),
 * the planner picks an index exactly when the query lets it.
 */

let t: TestDatabase;
beforeAll(async () => {
  t = await openTestDatabase();
});
afterAll(() => t.close());

const planOf = (query: SQL | { getSQL(): SQL }) => planOfQuery(t.database.db, query);
// The search alone: on nearly empty tables the role's index is the cheaper start for the list.
const matches = (q: string) => t.database.db.select({ n: count() }).from(users).where(userSearch(q));

it('has pg_trgm installed by the migrations', async () => {
  expect(await selectRows(t.database.db, sql`select extname from pg_extension where extname = 'pg_trgm'`)).toEqual([{ extname: 'pg_trgm' }]);
});

it('finds the text inside an email or a name through the three trigram indexes', async () => {
  const plan = await planOf(matches('anna'));
  for (const index of ['users_email_trgm_idx', 'users_first_name_trgm_idx', 'users_last_name_trgm_idx']) {
    expect(plan, index).toContain(index);
  }
  expect(plan).not.toContain('Seq Scan');
});

it('reads the trigram indexes for a text with wildcards in it too (matched literally)', async () => {
  const plan = await planOf(matches('a_b%c@shop'));
  expect(plan).toContain('users_email_trgm_idx');
  expect(plan).not.toContain('Seq Scan');
});
