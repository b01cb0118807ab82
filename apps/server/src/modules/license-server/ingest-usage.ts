import {
  USAGE_MAX_AGE_DAYS,
  USAGE_MAX_AHEAD_MINUTES,
  ZUsageEvent,
  type TUsageAccepted,
  type TUsageEvent,
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
import type { LicenseCheckLog } from './license-check-log';
import { LicenseRefusal } from './license-refusal';
import { usageEventRefusal, usageReportingSpan } from './usage-reporting-span';

const REFUSAL_MESSAGES: Record<Exclude<UsageEventRefusal, 'INVALID'>, string> = {
  TOO_OLD: MSG.usageEventTooOld(USAGE_MAX_AGE_DAYS),
  OUTSIDE_TERM: MSG.usageEventOutsideTerm,
  AHEAD: MSG.usageEventAhead(USAGE_MAX_AHEAD_MINUTES),
};

type Judged =
  | { eventId: string; event: TUsageEvent; at: number; refusal: Exclude<UsageEventRefusal, 'INVALID'> | null }
  | { eventId: string; invalid: string };

/**
 * One event of a report, checked on its own (ZUsageEvent): a field the server can never store
 * refuses this event alone, INVALID (final), naming the field as a 400 would. An over-long
 * error_message is not such a field: the schema cuts it to 2,000 characters.
 */
function parseEvent(raw: unknown): { event: TUsageEvent } | { eventId: string; invalid: string } {
  const parsed = ZUsageEvent.safeParse(raw);
  if (parsed.success) return { event: parsed.data };
  const id = (raw as { event_id?: unknown } | null)?.event_id;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.length ? `${issue.path.join('.')}: ` : '';
  return { eventId: typeof id === 'string' ? id : '', invalid: MSG.usageEventInvalid(`${field}${issue.message}`) };
}

/**
 * Stores a report of usage events and answers what became of each one (DESIGN §6.1): accepted,
 * duplicate, or refused with its code. Events belong to the time they happened, so a licence that
 * has ended since (a Daily pass flushed next morning) still takes the events of its term, and a
 * device that held the licence before it was freed takes the events of its time. Each event is
 * checked on its own: a malformed one is refused INVALID, the others stored. Only a report no
 * event of which could be stored is refused whole (403): an unknown key, or a device that never
 * held the licence. The client address is the server's own view, never the client's word; a
 * report from the bound device counts as the device seen (LicenseCheckLog).
 *
 * Each event counts once per licence by its event_id: one insert that skips ids already stored
 * (unique index + ON CONFLICT DO NOTHING), so a retried report answers its events as duplicates.
 * The events travel as one jsonb parameter unpacked by jsonb_to_recordset rather than as 100
 * rows × 11 bound parameters: about twice the events per second on PostgreSQL (bench:license).
 */
export async function ingestUsage(
  db: Db,
  checks: LicenseCheckLog,
  body: TUsageReportBody,
  client: LicenseClient,
  now = new Date(),
): Promise<TUsageAccepted> {
  const license = await findLicenseByKey(db, body.license_key);
  if (!license) throw new LicenseRefusal('NOT_FOUND', { status: 'forbidden' });
  const holdsIt = license.deviceId === body.device_id;
  // A report from the bound device is a sign of life as a validation is: its "last seen" time and
  // address, through the batched bookkeeping (no program version: a report does not carry one).
  if (holdsIt) checks.record(license.id, { at: now, ip: client.ip, appVersion: null, deviceId: body.device_id });
  const freedAt = holdsIt ? null : await deviceFreedAt(db, license.id, body.device_id);
  if (!holdsIt && freedAt === null) {
    throw new LicenseRefusal(license.deviceId === null ? 'NOT_ACTIVATED' : 'DEVICE_MISMATCH', { status: 'forbidden' });
  }
  const span = usageReportingSpan(license, freedAt);

  const judged = body.events.map((raw): Judged => {
    const parsed = parseEvent(raw);
    if (!('event' in parsed)) return parsed;
    const { event } = parsed;
    const at = Date.parse(event.timestamp);
    return { eventId: event.event_id, event, at, refusal: usageEventRefusal(at, span, now.getTime()) };
  });
  const rows = judged
    .flatMap((j) => ('event' in j && j.refusal === null ? [j] : []))
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
  const results = judged.map((j): TUsageEventResult => {
    if ('invalid' in j) return { event_id: j.eventId, result: 'refused', code: 'INVALID', message: j.invalid };
    if (j.refusal !== null) return { event_id: j.eventId, result: 'refused', code: j.refusal, message: REFUSAL_MESSAGES[j.refusal] };
    return { event_id: j.eventId, result: stored.delete(j.eventId) ? 'accepted' : 'duplicate' };
  });
  const count = (result: TUsageEventResult['result']) => results.filter((r) => r.result === result).length;
  return { accepted: count('accepted'), duplicates: count('duplicate'), refused: count('refused'), results };
}
