import {
  USAGE_MAX_AGE_DAYS,
  USAGE_MAX_AHEAD_MINUTES,
  type TUsageAccepted,
  type TUsageEventResult,
  type TUsageReportBody,
  type UsageEventRefusal,
} from '@lbs/domain/license-server';
import { MSG } from '@lbs/domain/messages';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usageEvents } from '../../db/schema';
import type { LicenseClient } from './activate-license';
import { deviceFreedAt } from './device-freed-at';
import { findLicenseByKey } from './find-license';
import { LicenseRefusal } from './license-refusal';
import { usageEventRefusal, usageReportingSpan } from './usage-reporting-span';

const REFUSAL_MESSAGES: Record<UsageEventRefusal, string> = {
  TOO_OLD: MSG.usageEventTooOld(USAGE_MAX_AGE_DAYS),
  OUTSIDE_TERM: MSG.usageEventOutsideTerm,
  AHEAD: MSG.usageEventAhead(USAGE_MAX_AHEAD_MINUTES),
};

/**
 * Stores a report of usage events and answers what became of each one (DESIGN §6.1): accepted,
 * duplicate, or refused with its code. Events belong to the time they happened, so a licence that
 * has ended since (a Daily pass flushed next morning) still takes the events of its term, and a
 * device that held the licence before it was freed takes the events of its time. Only a report
 * no event of which could be stored is refused whole (403): an unknown key, or a device that
 * never held the licence. The client address is the server's own view, never the client's word.
 *
 * Each event counts once per licence by its event_id: one insert that skips ids already stored
 * (unique index + ON CONFLICT DO NOTHING), so a retried report answers its events as duplicates.
 * The events travel as one jsonb parameter unpacked by jsonb_to_recordset rather than as 100
 * rows × 11 bound parameters: about twice the events per second on PostgreSQL (bench:license).
 */
export async function ingestUsage(db: Db, body: TUsageReportBody, client: LicenseClient, now = new Date()): Promise<TUsageAccepted> {
  const license = await findLicenseByKey(db, body.license_key);
  if (!license) throw new LicenseRefusal('NOT_FOUND', { status: 'forbidden' });
  const holdsIt = license.deviceId === body.device_id;
  const freedAt = holdsIt ? null : await deviceFreedAt(db, license.id, body.device_id);
  if (!holdsIt && freedAt === null) {
    throw new LicenseRefusal(license.deviceId === null ? 'NOT_ACTIVATED' : 'DEVICE_MISMATCH', { status: 'forbidden' });
  }
  const span = usageReportingSpan(license, freedAt);

  const judged = body.events.map((event) => {
    const at = Date.parse(event.timestamp);
    return { event, at, refusal: usageEventRefusal(at, span, now.getTime()) };
  });
  const rows = judged
    .filter((j) => j.refusal === null)
    .map(({ event, at }) => ({
      event_id: event.event_id,
      kind: event.kind,
      filename: event.filename ?? null,
      file_type: event.file_type,
      processing_time: event.processing_time ?? null,
      error_message: event.error_message ?? null,
      occurred_at: new Date(at).toISOString(),
    }));
  const stored = new Set<string>();
  if (rows.length > 0) {
    const result = await db.execute(sql`
      insert into ${usageEvents} (license_id, event_id, kind, device_id, ip_address, filename, file_type, processing_time, error_message, occurred_at, received_at)
      select ${license.id}::uuid, e.event_id, e.kind, ${body.device_id}::text, ${client.ip}::text, e.filename, e.file_type, e.processing_time, e.error_message, e.occurred_at, ${now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as e(event_id text, kind text, filename text, file_type text, processing_time real, error_message text, occurred_at timestamptz)
      on conflict (license_id, event_id) do nothing
      returning event_id`);
    for (const r of (result as unknown as { rows: { event_id: string }[] }).rows) stored.add(r.event_id);
  }
  // An id sent twice in one report is stored once: its first occurrence is the accepted one.
  const results = judged.map(({ event, refusal }): TUsageEventResult => {
    if (refusal !== null) return { event_id: event.event_id, result: 'refused', code: refusal, message: REFUSAL_MESSAGES[refusal] };
    return { event_id: event.event_id, result: stored.delete(event.event_id) ? 'accepted' : 'duplicate' };
  });
  const count = (result: TUsageEventResult['result']) => results.filter((r) => r.result === result).length;
  return { accepted: count('accepted'), duplicates: count('duplicate'), refused: count('refused'), results };
}
