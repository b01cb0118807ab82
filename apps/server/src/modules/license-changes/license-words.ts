import { findPlanByLicenseType } from '@lbs/domain/catalogue';
import { truncateKey } from '@lbs/domain/license-terms';
import type { LicenseRow } from './write-licenses';

/** 'Yearly License': the plan's name as the shop sells it. */
export const planName = (license: Pick<LicenseRow, 'type'>) => findPlanByLicenseType(license.type)?.name ?? 'LentiBooth license';

/** The key as the customer's screens show it (its start), so they can tell which one is meant. */
export const shownKey = (license: Pick<LicenseRow, 'licenseKey'>) => truncateKey(license.licenseKey);

