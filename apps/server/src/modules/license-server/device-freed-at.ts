import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { licenseDeactivations, licenseDeviceResets } from '../../db/schema';

/**
 * When `deviceId` last stopped holding the licence, or null when it never held it: the desktop
 * program's own deactivations (license_deactivations) and the customer's device resets in the
 * account area (license_device_resets, which keep the device they freed). A device that held the
 * licence may still report the events of its time with it.
 */
export async function deviceFreedAt(db: DbOrTx, licenseId: string, deviceId: string): Promise<Date | null> {
  const result = await db.execute(sql`
    select max(freed_at) as freed_at from (
      select ${licenseDeactivations.createdAt} as freed_at from ${licenseDeactivations}
        where ${licenseDeactivations.licenseId} = ${licenseId} and ${licenseDeactivations.deviceId} = ${deviceId}
      union all
      select ${licenseDeviceResets.createdAt} from ${licenseDeviceResets}
        where ${licenseDeviceResets.licenseId} = ${licenseId} and ${licenseDeviceResets.previousDeviceId} = ${deviceId}
    ) freed`);
  const value = (result as unknown as { rows: { freed_at: string | Date | null }[] }).rows[0]?.freed_at ?? null;
  return value === null ? null : new Date(value);
}
