import { eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { licenses } from '../../db/schema';
import { licensesChanged } from './licenses-changed';

export type LicenseRow = typeof licenses.$inferSelect;

/** The columns a verb changes; the key, its owner and its order are never rewritten. */
export type LicenseChanges = Partial<Omit<typeof licenses.$inferInsert, 'id' | 'licenseKey' | 'userId' | 'email' | 'orderId' | 'createdAt'>>;

/**
 * The wing's one UPDATE of licence rows: every verb writes through it, so none can forget that
 * validation keeps rows in memory: the rows it changed are signalled (licensesChanged) in the
 * caller's transaction. Answers the rows as written.
 */
export async function writeLicensesWhere(tx: DbOrTx, where: SQL | undefined, changes: LicenseChanges): Promise<LicenseRow[]> {
  const written = await tx.update(licenses).set(changes).where(where).returning();
  await licensesChanged(tx, written.map((l) => l.id));
  return written;
}

/** writeLicensesWhere for one licence the caller has locked: answers it as written. */
export async function writeLicense(tx: DbOrTx, licenseId: string, changes: LicenseChanges): Promise<LicenseRow> {
  const [written] = await writeLicensesWhere(tx, eq(licenses.id, licenseId), changes);
  if (!written) throw new Error(`licence ${licenseId} vanished while locked`);
  return written;
}

/** writeLicensesWhere for several licences by id. */
export function writeLicenses(tx: DbOrTx, licenseIds: readonly string[], changes: LicenseChanges): Promise<LicenseRow[]> {
  if (licenseIds.length === 0) return Promise.resolve([]);
  return writeLicensesWhere(tx, inArray(licenses.id, [...licenseIds]), changes);
}
