import { sql, type SQL } from 'drizzle-orm';
import { fromCents } from '@lbs/domain/money';
import { compareRanges, type ReportRange } from '@lbs/domain/report-comparison';
import type { ReportPeriodInput } from '@lbs/domain/report-periods';
import type { TReportRenewals } from '@lbs/domain/report-responses';
import type { DbOrTx } from '../../db/client';
import { licenses, orderLines, orders, products, renewalCharges } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import type { ReportClock } from './daily-series';

/** How far ahead REPORT looks for the recurring income coming. */
export const UPCOMING_RENEWAL_DAYS = 30;

/** The reason abandonRenewalOrder stores when a grace ran out unpaid (renewals/abandon-renewal-order.ts). */
const GRACE_ENDED = 'grace ended unpaid';

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * The renewals paid in the range, by payment time (orders_paid_idx), automatic apart from manual:
 * an automatic renewal is an order the job wrote (`renewal_license_id` set, decision 0021), counted
 * at what it charged; a manual one is a Renew line of a cart order, counted at the line's own price
 * (the cart may hold other things). Recovered: the automatic ones paid after at least one attempt
 * failed or asked for authentication (renewal_charges). An order paid after it was given up was
 * refunded and renewed nothing: not counted.
 */
function paidSql(r: ReportRange): SQL {
  return sql`with paid as materialized (
      select ${orders.id} as id, ${orders.renewalLicenseId} as renewal_license_id, ${orders.totalCents} as total_cents
      from ${orders} where ${orders.paidAt} is not null and ${orders.paidAt} >= ${at(r.start)} and ${orders.paidAt} < ${at(r.end)}
        -- Paid after it was given up: refunded at once, no renewal (payAfterCancel).
        and ${orders.cancelledAt} is null
    ), automatic as (
      select paid.id, paid.total_cents,
        exists (select 1 from ${renewalCharges} c where c.order_id = paid.id and c.status in ('failed', 'requires_action')) as recovered
      from paid where paid.renewal_license_id is not null
    ), manual as (
      select ol.line_total_cents from paid join ${orderLines} ol on ol.order_id = paid.id
      where paid.renewal_license_id is null and ol.renews_license_id is not null
    )
    select
      (select count(*) from automatic)::bigint as automatic,
      (select coalesce(sum(total_cents), 0) from automatic)::bigint as automatic_cents,
      (select count(*) from automatic where recovered)::bigint as recovered,
      (select coalesce(sum(total_cents), 0) from automatic where recovered)::bigint as recovered_cents,
      (select count(*) from manual)::bigint as manual,
      (select coalesce(sum(line_total_cents), 0) from manual)::bigint as manual_cents`;
}

/**
 * Automatic renewals that failed for good in the range: their grace ran out unpaid, so the order
 * was given up with that reason, by when (a renewal order is found by its partial unique index).
 */
function failedSql(r: ReportRange): SQL {
  return sql`select count(*)::bigint as failed from ${orders}
    where ${orders.renewalLicenseId} is not null and ${orders.cancelReason} = ${GRACE_ENDED}
      and ${orders.cancelledAt} >= ${at(r.start)} and ${orders.cancelledAt} < ${at(r.end)}`;
}

/**
 * The recurring income due from now to `until`: every licence that renews (licenses_renewal_due_idx:
 * auto_renew, not revoked) and is not suspended, whose term ends in that window, at what its
 * renewal will charge: the prepared order's total when the job has written it, else its plan's
 * price now, or the lower price its holder was last told (renewalChargeCents, as the job charges).
 * Licences in grace are already due (their term has ended) and not counted here.
 */
function upcomingSql(now: Date, until: Date): SQL {
  return sql`select count(*)::bigint as upcoming, coalesce(sum(amount), 0)::bigint as upcoming_cents from (
      select coalesce(
        (select o.total_cents from ${orders} o where o.renewal_license_id = ${licenses.id} and o.renewal_term_end = ${licenses.expiresAt} and o.cancelled_at is null),
        -- least() passes over a null: no told price, the plan's; no plan sold now, the told one.
        least(${licenses.renewalPriceCents}, plan.price_cents)
      ) as amount
      from ${licenses}
      left join lateral (
        select p.price_cents from ${products} p
        where p.kind = 'license' and p.license_type = ${licenses.type} and p.active order by p.id limit 1
      ) plan on true
      where ${licenses.autoRenew} and ${licenses.revokedAt} is null and ${licenses.suspendedAt} is null
        and ${licenses.expiresAt} >= ${at(now)} and ${licenses.expiresAt} < ${at(until)}
    ) as due`;
}

/** The statements behind the card, for the query-plans test. */
export const renewalReportSql = (r: ReportRange, now: Date, until: Date) => ({ paid: paidSql(r), failed: failedSql(r), upcoming: upcomingSql(now, until) });

type Num = string | number;

/** REPORT's renewals card for a period (business days of BUSINESS_TIME_ZONE, up to now). */
export async function reportRenewals(db: DbOrTx, period: ReportPeriodInput, clock: ReportClock): Promise<TReportRenewals> {
  const { current } = compareRanges(period, clock.now, clock.timeZone);
  const until = new Date(clock.now.getTime() + UPCOMING_RENEWAL_DAYS * 24 * 60 * 60 * 1000);
  const q = renewalReportSql(current, clock.now, until);
  const [[paid], [failed], [upcoming]] = await Promise.all([
    selectRows<Record<'automatic' | 'automatic_cents' | 'recovered' | 'recovered_cents' | 'manual' | 'manual_cents', Num>>(db, q.paid),
    selectRows<{ failed: Num }>(db, q.failed),
    selectRows<{ upcoming: Num; upcoming_cents: Num }>(db, q.upcoming),
  ]);
  return {
    current: { start: current.start.toISOString(), end: current.end.toISOString() },
    automatic: { count: Number(paid!.automatic), income: fromCents(Number(paid!.automatic_cents)) },
    manual: { count: Number(paid!.manual), income: fromCents(Number(paid!.manual_cents)) },
    failed: Number(failed!.failed),
    recovered: { count: Number(paid!.recovered), income: fromCents(Number(paid!.recovered_cents)) },
    upcoming: { count: Number(upcoming!.upcoming), income: fromCents(Number(upcoming!.upcoming_cents)), until: until.toISOString() },
  };
}
