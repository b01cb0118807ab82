import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { findPlanByLicenseType } from '@lbs/domain/catalogue';
import { truncateKey } from '@lbs/domain/license-terms';
import type { TRenewingLicense } from '@lbs/domain/payment-cards';
import type { DbOrTx } from '../../db/client';
import { licenses } from '../../db/schema';
import type { LicenseRow } from '../license-changes/write-licenses';

/**
 * The holder's licences whose automatic renewal charges their card: renewing, Monthly or Yearly,
 * neither revoked nor suspended (the renewal job's own filter), soonest end first. With
 * `forUpdate`, row-locked in the caller's transaction (removing the card turns each off).
 */
export function renewingLicensesOf(db: DbOrTx, userId: number, opts: { forUpdate?: boolean } = {}): Promise<LicenseRow[]> {
  const query = db
    .select()
    .from(licenses)
    .where(
      and(
        eq(licenses.userId, userId),
        eq(licenses.autoRenew, true),
        isNull(licenses.revokedAt),
        isNull(licenses.suspendedAt),
        inArray(licenses.type, ['month', 'year']),
        isNotNull(licenses.expiresAt),
      ),
    )
    .orderBy(asc(licenses.expiresAt), asc(licenses.id));
  return opts.forUpdate ? query.for('update') : query;
}

/** A renewing licence as Settings, the Remove dialog and the mail name it. */
export function renewingLicenseJson(license: Pick<LicenseRow, 'id' | 'type' | 'licenseKey' | 'expiresAt'>): TRenewingLicense {
  return {
    id: license.id,
    name: findPlanByLicenseType(license.type)?.name ?? 'LentiBooth license',
    type: license.type as 'month' | 'year',
    key: truncateKey(license.licenseKey),
    renews_on: license.expiresAt!.toISOString(),
  };
}
