import { sql, type SQL } from 'drizzle-orm';
import { BOOTH_USAGE_WINDOW_DAYS, type BoothLicenseState, type TBooth, type TBoothPage } from '@lbs/domain/booths';
import type { LicenseServerType } from '@lbs/domain/license-server';
import { isLicenseExpired, licenseDisplayStatus, type LicenseDisplayStatus } from '@lbs/domain/license-terms';
import { pageOffset } from '@lbs/domain/paging';
import type { TPaging } from '@lbs/domain/schemas';
import type { DbOrTx } from '../../db/client';
import { boothNames, licenses, usageDeviceHourly } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { isLicenseCurrentSql } from '../licenses/license-current';

type AllowanceHours = Readonly<Record<LicenseServerType, number>>;

const HOUR_MS = 3600 * 1000;

/** The fleet's badge words for the account area's licence statuses (license-display.ts). */
const BOOTH_STATE: Record<LicenseDisplayStatus, BoothLicenseState> = {
  active: 'active',
  unstarted: 'not-started',
  upcoming: 'starts-later',
  suspended: 'suspended',
  expired: 'expired',
  revoked: 'revoked',
};

interface BoothRow {
  device_id: string;
  licenses_count: number;
  lease_until: string | null;
  shared_at: string | null;
  reported_name: string | null;
  custom_name: string | null;
  app_version: string | null;
  last_seen_at: string | null;
  bound_at: string | null;
  license_id: string;
  type: TBooth['license']['type'];
  license_key: string;
  start_at: string;
  expires_at: string | null;
  revoked_at: string | null;
  suspended_at: string | null;
  activate_by: string | null;
  files_7d: string | number;
  errors_7d: string | number;
  total: string | number;
}

// Timestamps leave the database as ISO text in UTC: both drivers then hand over the same string,
// and the row needs no Date round trip.
const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The page's one query. `own` is the caller's bound licences (licenses_user_device_idx); `devices`
 * folds them into one row per device id, picking the licence to show (current with the latest
 * expiry, a never-ending one latest of all; else the one last seen) and the licence it was last
 * seen with (its name, version and time); the page is ordered and cut before anything else is
 * read, so the usage sums and the shown licence's row are read for the page's devices only. A
 * booth's usage is its device id's hours (usage_device_hourly_device_hour_idx) under any of the
 * caller's keys, including keys it no longer holds (reset or moved since): its files are its own.
 * The window starts at the top of the hour 7 days ago (the hours are whole). The total comes
 * along as a subquery.
 */
function boothPageSql(userId: number, deviceId: string | null, now: Date, limit: number, offset: number): SQL {
  const since = new Date(now.getTime() - BOOTH_USAGE_WINDOW_DAYS * 24 * HOUR_MS).toISOString();
  const oneDevice = deviceId === null ? sql`true` : sql`${licenses.deviceId} = ${deviceId}`;
  return sql`
    with own as (
      select ${licenses.id} as id, ${licenses.deviceId} as device_id, ${licenses.lastValidatedAt} as last_validated_at,
        ${licenses.deviceBoundAt} as device_bound_at, ${licenses.expiresAt} as expires_at,
        ${licenses.leaseExpiresAt} as lease_expires_at, ${licenses.deviceSharedAt} as device_shared_at,
        (${isLicenseCurrentSql(now)}) as is_current
      from ${licenses}
      where ${licenses.userId} = ${userId} and ${licenses.deviceId} is not null and ${oneDevice}
    ),
    devices as (
      select device_id, count(*)::int as licenses_count,
        max(lease_expires_at) as lease_until, max(device_shared_at) as shared_at,
        (array_agg(id order by is_current desc,
          case when is_current then coalesce(expires_at, 'infinity'::timestamptz) end desc nulls last,
          last_validated_at desc nulls last, device_bound_at desc nulls last, id))[1] as shown_id,
        (array_agg(id order by last_validated_at desc nulls last, device_bound_at desc nulls last, id))[1] as seen_id
      from own group by device_id
    ),
    page as (
      select d.*, seen.device_name as reported_name, bn.name as custom_name,
        seen.last_app_version as app_version, seen.last_validated_at as last_seen_at,
        seen.device_bound_at as bound_at, coalesce(bn.name, seen.device_name) as name
      from devices d
      join ${licenses} as seen on seen.id = d.seen_id
      left join ${boothNames} as bn on bn.user_id = ${userId} and bn.device_id = d.device_id
      order by lower(coalesce(bn.name, seen.device_name)) nulls last, d.device_id
      limit ${limit} offset ${offset}
    )
    select p.device_id, p.licenses_count, p.reported_name, p.custom_name, p.app_version,
      ${iso(sql`p.lease_until`)} as lease_until, ${iso(sql`p.shared_at`)} as shared_at,
      ${iso(sql`p.last_seen_at`)} as last_seen_at, ${iso(sql`p.bound_at`)} as bound_at,
      s.id as license_id, s.type, s.license_key, ${iso(sql`s.start_at`)} as start_at,
      ${iso(sql`s.expires_at`)} as expires_at, ${iso(sql`s.revoked_at`)} as revoked_at,
      ${iso(sql`s.suspended_at`)} as suspended_at, ${iso(sql`s.activate_by`)} as activate_by,
      coalesce(u.files, 0) as files_7d, coalesce(u.errors, 0) as errors_7d,
      (select count(*) from devices) as total
    from page p
    join ${licenses} as s on s.id = p.shown_id
    left join lateral (
      select sum(h.successes) as files, sum(h.errors) as errors
      from ${usageDeviceHourly} as h
      where h.device_id = p.device_id and h.hour >= date_trunc('hour', ${since}::timestamptz, 'UTC')
        -- The caller's keys, read once into a hashed set (not a key lookup per hourly row).
        and h.license_id in (select ${licenses.id} from ${licenses} where ${licenses.userId} = ${userId})
    ) u on true
    order by lower(p.name) nulls last, p.device_id`;
}

/** How the booth's licence stands, in the words of the account area's badge (license-terms.ts). */
function boothState(r: BoothRow, now: Date): BoothLicenseState {
  const expiresAt = r.expires_at === null ? null : new Date(r.expires_at);
  return BOOTH_STATE[
    licenseDisplayStatus({
      revoked: r.revoked_at !== null,
      is_expired: isLicenseExpired(expiresAt, now),
      suspended: r.suspended_at !== null,
      activate_by: r.activate_by,
      starts_later: Date.parse(r.start_at) > now.getTime(),
    })
  ];
}

function toBooth(r: BoothRow, now: Date, allowanceHours: AllowanceHours): TBooth {
  const state = boothState(r, now);
  const allowance = allowanceHours[r.type];
  // Stale: past both its allowance since it was last seen (or bound, when never seen) and the end
  // of the last lease it was given. An offline activation hands a booth a lease without seeing it:
  // a booth last online 10 days ago and activated offline today is not overdue.
  const seen = r.last_seen_at ?? r.bound_at;
  const dueBy = Math.max(seen === null ? -Infinity : Date.parse(seen) + allowance * HOUR_MS, r.lease_until === null ? -Infinity : Date.parse(r.lease_until));
  const stale = state === 'active' && now.getTime() > dueBy;
  return {
    device_id: r.device_id,
    name: r.custom_name ?? r.reported_name,
    reported_name: r.reported_name,
    custom_name: r.custom_name,
    license: {
      id: r.license_id,
      type: r.type,
      key_suffix: r.license_key.split('-').at(-1)!,
      state,
      expires_at: r.expires_at,
    },
    licenses_count: r.licenses_count,
    app_version: r.app_version,
    last_seen_at: r.last_seen_at,
    lease_until: r.lease_until,
    offline_allowance_hours: allowance,
    stale,
    files_7d: Number(r.files_7d),
    errors_7d: Number(r.errors_7d),
    shared_at: r.shared_at,
  };
}

/**
 * GET /booths: the caller's devices across their licences, a page at a time, by name (then
 * device id) so the list does not jump as booths check in.
 */
export async function listBooths(db: DbOrTx, userId: number, paging: TPaging, allowanceHours: AllowanceHours, now = new Date()): Promise<TBoothPage> {
  const { page, page_size } = paging;
  const rows = await selectRows<BoothRow>(db, boothPageSql(userId, null, now, page_size, pageOffset(page, page_size)));
  // A page past the end has no row to carry the total: count the devices alone then.
  const total = rows.length > 0 ? Number(rows[0]!.total) : await countBooths(db, userId);
  return { items: rows.map((r) => toBooth(r, now, allowanceHours)), total, page, page_size };
}

/** One of the caller's booths as the list shows it; null when the device is not on their licences. */
export async function findBooth(db: DbOrTx, userId: number, deviceId: string, allowanceHours: AllowanceHours, now = new Date()): Promise<TBooth | null> {
  const [row] = await selectRows<BoothRow>(db, boothPageSql(userId, deviceId, now, 1, 0));
  return row ? toBooth(row, now, allowanceHours) : null;
}

/** The caller's device ids, counted on licenses_user_device_idx alone. */
async function countBooths(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await selectRows<{ n: string | number }>(
    db,
    sql`select count(distinct device_id) as n from ${licenses} where user_id = ${userId} and device_id is not null`,
  );
  return Number(row?.n ?? 0);
}

/** The page query, for the EXPLAIN test (query-plans.test.ts). */
export const boothPageSqlForPlan = (userId: number, now: Date, size = 10) => boothPageSql(userId, null, now, size, 0);
