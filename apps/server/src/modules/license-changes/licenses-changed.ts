import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** Signalled with a licence id when the transaction that changed it commits. */
export const LICENSE_CHANNEL = 'lbs_licenses';
/** The payload that stands for every licence (a write that cannot name its licences). */
export const ALL_LICENSES = '*';

/** What keeps licence rows in this process (validation's row cache) and must drop them on a change. */
export interface KeepsLicenseRows {
  forget(ids: readonly string[], opts: { hold: boolean }): void;
  forgetAll(): void;
}

// Every keeper of this process: a change drops its rows in all of them at once, without waiting for
// its own signal (tests run several apps in one process; licence ids are UUIDs).
const keepers = new Set<KeepsLicenseRows>();

/** Registers a keeper of licence rows in this process; the answer unregisters it. */
export function keepLicenseRowsHere(keeper: KeepsLicenseRows): () => void {
  keepers.add(keeper);
  return () => keepers.delete(keeper);
}

/**
 * Called by the wing's one write (write-licenses.ts) inside its transaction, so no verb can forget
 * it: validation's in-memory rows of these licences (license-server/license-row-cache.ts) are
 * dropped in this process now, and in every process when the transaction commits (NOTIFY is
 * delivered only on commit, and not at all on rollback). `ALL_LICENSES` drops every row.
 *
 * Not for the batched "last seen" columns (license-check-log.ts, device-addresses.ts), which
 * validation does not read: signalling them would empty every cache each second.
 */
export async function licensesChanged(tx: DbOrTx, ids: readonly string[] | typeof ALL_LICENSES): Promise<void> {
  if (ids !== ALL_LICENSES && ids.length === 0) return;
  for (const keeper of keepers) {
    if (ids === ALL_LICENSES) keeper.forgetAll();
    else keeper.forget(ids, { hold: true });
  }
  const payload = ids === ALL_LICENSES ? ALL_LICENSES : [...new Set(ids)].join(',');
  await tx.execute(
    sql`select pg_notify(${LICENSE_CHANNEL}, id) from unnest(string_to_array(${payload}, ',')) as id`,
  );
}
