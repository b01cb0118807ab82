import { USAGE_MAX_AGE_DAYS, USAGE_MAX_AGE_MS, USAGE_MAX_AHEAD_MINUTES, USAGE_MAX_AHEAD_MS, type TUsageAccepted, type TUsageReportBody } from '@lbs/domain/license-server';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usageEvents } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import type { LicenseClient } from './activate-license';
import { findLicenseByKey, licenseStanding } from './find-license';
import { LicenseRefusal } from './license-refusal';

/**
 * Stores a batch of usage events from the device the licence is active on (anything else: 403
 * with the code). The rows land in usage_events, which the back office's analytics read. Each
 * event counts once per licence by its event_id: one insert that skips ids already stored
 * (unique index + ON CONFLICT DO NOTHING), so a retried batch adds nothing and answers them as
 * duplicates. The client address is the server's own view, never the client's word.
 *
 * The batch travels as one jsonb parameter unpacked by jsonb_to_recordset rather than as 100
 * rows × 11 bound parameters: about twice the events per second on PostgreSQL (bench:license).
 */
export async function ingestUsage(db: Db, body: TUsageReportBody, client: LicenseClient, now = new Date()): Promise<TUsageAccepted> {
  const license = await findLicenseByKey(db, body.license_key);
  if (!license) throw new LicenseRefusal('NOT_FOUND', { status: 'forbidden' });
  const standing = licenseStanding(license, body.device_id, now);
  if (standing !== 'VALID') throw new LicenseRefusal(standing, { status: 'forbidden' });

  const oldest = now.getTime() - USAGE_MAX_AGE_MS;
  const latest = now.getTime() + USAGE_MAX_AHEAD_MS;
  const rows = body.events.map((event, i) => {
    const at = Date.parse(event.timestamp);
    if (!(at >= oldest && at <= latest)) {
      throw badRequest(`body.events.${i}.timestamp: must lie within the last ${USAGE_MAX_AGE_DAYS} days and at most ${USAGE_MAX_AHEAD_MINUTES} minutes ahead of the server's clock`);
    }
    return {
      event_id: event.event_id,
      kind: event.kind,
      filename: event.filename ?? null,
      file_type: event.file_type,
      processing_time: event.processing_time ?? null,
      error_message: event.error_message ?? null,
      occurred_at: new Date(at).toISOString(),
    };
  });
  const result = await db.execute(sql`
    with stored as (
      insert into ${usageEvents} (license_id, event_id, kind, device_id, ip_address, filename, file_type, processing_time, error_message, occurred_at, received_at)
      select ${license.id}::uuid, e.event_id, e.kind, ${body.device_id}::text, ${client.ip}::text, e.filename, e.file_type, e.processing_time, e.error_message, e.occurred_at, ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as e(event_id text, kind text, filename text, file_type text, processing_time real, error_message text, occurred_at timestamptz)
      on conflict (license_id, event_id) do nothing
      returning event_id
    )
    select event_id from stored`);
  const stored = new Set((result as unknown as { rows: { event_id: string }[] }).rows.map((r) => r.event_id));
  // An id sent twice in one report is stored once: its first occurrence is the accepted one.
  const results = rows.map((row) => {
    const first = stored.delete(row.event_id);
    return { event_id: row.event_id, result: first ? ('accepted' as const) : ('duplicate' as const) };
  });
  const accepted = results.filter((r) => r.result === 'accepted').length;
  return { accepted, duplicates: rows.length - accepted, refused: 0, results };
}
