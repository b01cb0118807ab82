import type { Db, DbOrTx, Tx } from '../../db/client';
import type { LicenseRow } from '../license-changes/write-licenses';
import { customDeviceName, findBoothNames } from './find-booth-names';
import { toLicenseJson } from './license-json';

/** A licence as the back office sees it after an action (with its device's fleet name). */
export async function adminLicenseJson(tx: DbOrTx, license: LicenseRow, now: Date) {
  return toLicenseJson(license, now, null, customDeviceName(await findBoothNames(tx, [license]), license));
}

/**
 * An admin's verb on a licence (modules/license-changes) in one transaction, answered as the back
 * office shows the licence after it.
 */
export function adminLicenseAction(db: Db, verb: (tx: Tx, now: Date) => Promise<LicenseRow>) {
  const now = new Date();
  return db.transaction(async (tx) => adminLicenseJson(tx, await verb(tx, now), now));
}
