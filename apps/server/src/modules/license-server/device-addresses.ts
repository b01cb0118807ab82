import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { licenseDeviceAddresses, licenses } from '../../db/schema';

/** A device id of a licence checking in from an address (activation, validation, usage). */
export interface DeviceSighting {
  licenseId: string;
  deviceId: string;
  ip: string;
  at: Date;
}

/**
 * One device id seen from two addresses this close together is one state folder on two PCs (a
 * copy): a booth moving from the hall's Wi-Fi to a phone's hotspot changes address too, which is
 * why it is a flag for the admins and never a lockout (DESIGN §6.1).
 */
export const DEVICE_SHARED_WINDOW = '1 hour';

/**
 * Records where each device id of a licence checked in from (license_device_addresses: first and
 * last time per licence, device and address), then flags the licences whose device was seen from
 * another address within DEVICE_SHARED_WINDOW of these sightings: `licenses.device_shared_at`
 * set to the latest such sighting. Set-based: two statements whatever the number of sightings
 * (LicenseCheckLog hands over a second's validations at once; activation one; usage ingestion
 * may call it too). Only the other address's own first..last span is known, so "within the
 * window" means that span comes within the window of the sighting: an address used Saturday
 * and again Monday is not taken as seen on the Sunday in between when the Sunday's sighting is
 * recorded, since its last time then is Saturday.
 */
export async function recordDeviceAddresses(db: DbOrTx, sightings: readonly DeviceSighting[]): Promise<void> {
  if (sightings.length === 0) return;
  const spans = new Map<string, { license_id: string; device_id: string; ip: string; first_at: number; last_at: number }>();
  for (const s of sightings) {
    const key = JSON.stringify([s.licenseId, s.deviceId, s.ip]);
    const at = s.at.getTime();
    const span = spans.get(key);
    if (span) {
      span.first_at = Math.min(span.first_at, at);
      span.last_at = Math.max(span.last_at, at);
    } else spans.set(key, { license_id: s.licenseId, device_id: s.deviceId, ip: s.ip, first_at: at, last_at: at });
  }
  const rows = JSON.stringify(
    [...spans.values()].map((s) => ({ ...s, first_at: new Date(s.first_at).toISOString(), last_at: new Date(s.last_at).toISOString() })),
  );
  const seen = sql`jsonb_to_recordset(${rows}::jsonb) as v(license_id uuid, device_id text, ip text, first_at timestamptz, last_at timestamptz)`;

  await db.execute(sql`
    insert into ${licenseDeviceAddresses} (license_id, device_id, ip, first_seen_at, last_seen_at)
    select v.license_id, v.device_id, v.ip, v.first_at, v.last_at from ${seen}
    on conflict (license_id, device_id, ip) do update set
      first_seen_at = least(${licenseDeviceAddresses}.first_seen_at, excluded.first_seen_at),
      last_seen_at = greatest(${licenseDeviceAddresses}.last_seen_at, excluded.last_seen_at)`);

  // After the upsert, so sightings of one batch from two addresses see each other.
  await db.execute(sql`
    update ${licenses} as l set device_shared_at = greatest(l.device_shared_at, s.at)
    from (
      select v.license_id, max(v.last_at) as at from ${seen}
      where exists (
        select 1 from ${licenseDeviceAddresses} as a
        where a.license_id = v.license_id and a.device_id = v.device_id and a.ip <> v.ip
          and a.last_seen_at >= v.last_at - interval '${sql.raw(DEVICE_SHARED_WINDOW)}'
          and a.first_seen_at <= v.last_at + interval '${sql.raw(DEVICE_SHARED_WINDOW)}'
      )
      group by v.license_id
    ) as s
    where l.id = s.license_id`);
}
