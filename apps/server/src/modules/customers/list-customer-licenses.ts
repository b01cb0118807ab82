import { eq } from 'drizzle-orm';
import type { TCustomerLicensePage, TCustomerListQuery } from '@lbs/domain/customer-page';
import type { Db } from '../../db/client';
import { paginate } from '../../db/paginate';
import { licenses } from '../../db/schema';
import { adminLicensePageJson } from '../licenses/admin-license-cards';
import { assertCustomerExists } from './find-customer';

/**
 * Every licence of the customer, current or not, newest first as the account area orders them,
 * each with its device (name, app version, last seen), its renewal state and its holder's saved card.
 */
export async function listCustomerLicenses(db: Db, userId: number, paging: TCustomerListQuery, now = new Date()): Promise<TCustomerLicensePage> {
  await assertCustomerExists(db, userId);
  const page = await paginate(db, {
    from: licenses,
    where: eq(licenses.userId, userId),
    newestFirst: [licenses.startAt, licenses.createdAt],
    tieBreak: licenses.id,
    paging,
  });
  return adminLicensePageJson(db, page, now);
}
