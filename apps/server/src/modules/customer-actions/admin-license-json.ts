import type { DbOrTx } from '../../db/client';
import { customDeviceName, findBoothNames } from '../licenses/find-booth-names';
import { toLicenseJson } from '../licenses/license-json';
import type { LicenseRow } from './lock-license';

/** A licence as the back office sees it after an action (with its device's fleet name). */
export async function adminLicenseJson(tx: DbOrTx, license: LicenseRow, now: Date) {
  return toLicenseJson(license, now, null, customDeviceName(await findBoothNames(tx, [license]), license));
}
