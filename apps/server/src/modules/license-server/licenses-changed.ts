import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ALL_LICENSES, forgetLicensesHere, LICENSE_CHANNEL } from './license-row-cache';

/**
 * The one call every write to a licence makes, inside its transaction (revoke, suspend, extend,
 * device reset, refund, renewal, activation and deactivation, offline activation, reminders):
 * validation's in-memory rows of these licences (license-row-cache.ts) are dropped in this process
 * now, and in every process when the transaction commits (NOTIFY is delivered only on commit, and
 * not at all on rollback). `ALL_LICENSES` drops every row, for a write that cannot name them.
 *
 * Not for the batched "last seen" columns (license-check-log.ts, device-addresses.ts), which
 * validation does not read: signalling them would empty every cache each second.
 * license-writes-signal.test.ts fails when a write to the licenses table does not call this.
 */
export async function licensesChanged(
  tx: DbOrTx,
  ids: readonly string[] | typeof ALL_LICENSES,
): Promise<void> {
  if (ids !== ALL_LICENSES && ids.length === 0) return;
  forgetLicensesHere(ids);
  const payload = ids === ALL_LICENSES ? ALL_LICENSES : [...new Set(ids)].join(',');
  await tx.execute(
    sql`select pg_notify(${LICENSE_CHANNEL}, id) from unnest(string_to_array(${payload}, ',')) as id`,
  );
}
