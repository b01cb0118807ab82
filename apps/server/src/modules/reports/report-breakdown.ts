import { sql, type SQL } from 'drizzle-orm';
import { LICENSE_TERM_MS, RENEWABLE_LICENSE_TYPES } from '@lbs/domain/license-terms';
import { fromCents } from '@lbs/domain/money';
import { compareRanges, renewalRate, type ReportRange } from '@lbs/domain/report-comparison';
import type { ReportPeriodInput } from '@lbs/domain/report-periods';
import type { TReportBreakdown } from '@lbs/domain/report-responses';
import { countryName } from '@lbs/domain/shipping';
import type { DbOrTx } from '../../db/client';
import { licenses, orderLines, orders, products } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import type { ReportClock } from './daily-series';

export const NO_SHIPPING_ADDRESS = 'No shipping address (licences only)';

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The paid orders of the range, by payment time (orders_payment_status_paid_idx). */
const paidIn = (r: ReportRange) =>
  sql`${orders.paymentStatus} = 'paid' and ${orders.paidAt} >= ${at(r.start)} and ${orders.paidAt} < ${at(r.end)}`;

/**
 * Income by product: each line at its own price (line_total_cents), then the orders' shipping and
 * their discounts as rows of their own, so the rows add up to the income the cards count
 * (total = lines + shipping − discount). A discount is not spread over the lines: a coupon takes
 * money off an order, and splitting it by price would invent a per-product figure nobody charged.
 */
function byProductSql(r: ReportRange): SQL {
  return sql`with paid as materialized (
      select ${orders.id} as id, ${orders.shippingCents} as shipping_cents, ${orders.discountCents} as discount_cents
      from ${orders} where ${paidIn(r)}
    ), lines as (
      select ol.product_id, count(distinct ol.order_id)::bigint as orders, sum(ol.quantity)::bigint as units, sum(ol.line_total_cents)::bigint as cents
      from paid join ${orderLines} ol on ol.order_id = paid.id group by ol.product_id
    )
    select 'product' as kind, lines.product_id, p.name, lines.orders, lines.units, lines.cents
      from lines join ${products} p on p.id = lines.product_id
    union all
    select 'shipping', null, 'Shipping', count(*) filter (where shipping_cents > 0), 0, coalesce(sum(shipping_cents), 0) from paid
    union all
    select 'discount', null, 'Discounts', count(*) filter (where discount_cents > 0), 0, -coalesce(sum(discount_cents), 0) from paid`;
}

/** Paid orders and income by the shipping address's country; orders with nothing to ship have none. */
function byCountrySql(r: ReportRange): SQL {
  return sql`select ${orders.shippingInfo} ->> 'country' as country, count(*)::bigint as orders, sum(${orders.totalCents})::bigint as cents
    from ${orders} where ${paidIn(r)} group by 1`;
}

/** Each renewable type's term as an SQL interval, from the domain's table. */
function termSql(type: SQL): SQL {
  const cases = RENEWABLE_LICENSE_TYPES.map((t) => sql`when ${t} then make_interval(secs => ${LICENSE_TERM_MS[t]! / 1000})`);
  return sql`(case ${type} ${sql.join(cases, sql` `)} end)`;
}

/**
 * Licence terms that ended in the range, and how many were renewed in time. A renewal extends the
 * same key (DESIGN §6), so a term's end is not kept on the licence once renewed; it is read from
 * the renewals instead. Each paid renewal line replaced an end: the previous renewal's
 * renewed_until, or, for the first renewal, the first term's end (start + term). That end is in
 * the range when the term ended there; the renewal was in time when paid before it (a key is
 * expired from its end on, isLicenseExpired). A licence whose current end is in the range and that
 * is not revoked ended then and has not been renewed (a renewal would have moved its end).
 * Unused Daily passes (activate_by set) have not started, so they do not end.
 */
export function renewalsSql(r: ReportRange): SQL {
  // The renewal lines first, few among all lines (order_lines_renews_idx), then their orders and
  // licences by key: starting from the paid orders would read every one of them.
  return sql`with renewal_lines as materialized (
      select id, order_id, renews_license_id, renewed_until from ${orderLines}
      where renews_license_id is not null and renewed_until is not null
    ), renewals as (
      select o.paid_at,
        coalesce(lag(ol.renewed_until) over (partition by ol.renews_license_id order by o.paid_at, ol.id), l.start_at + ${termSql(sql`l.type`)}) as replaced_end
      from renewal_lines ol
      join ${orders} o on o.id = ol.order_id and o.payment_status = 'paid'
      join ${licenses} l on l.id = ol.renews_license_id
    ), ended as (
      select replaced_end as ended_at, paid_at < replaced_end as in_time, true as renewed from renewals
      union all
      select ${licenses.expiresAt}, false, false from ${licenses}
      where ${licenses.revokedAt} is null and ${licenses.activateBy} is null
        and ${licenses.expiresAt} >= ${at(r.start)} and ${licenses.expiresAt} < ${at(r.end)}
    )
    select count(*)::bigint as ended,
      count(*) filter (where in_time)::bigint as renewed_in_time,
      count(*) filter (where renewed and not in_time)::bigint as renewed_late
    from ended where ended_at >= ${at(r.start)} and ended_at < ${at(r.end)}`;
}

/** The statements behind the breakdown, for the query-plans test and the bench. */
export const breakdownSql = (r: ReportRange) => ({ byProduct: byProductSql(r), byCountry: byCountrySql(r), renewals: renewalsSql(r) });

type Num = string | number;

/** Income and orders by product and by country, and the licences that ended, for a period up to now. */
export async function reportBreakdown(db: DbOrTx, period: ReportPeriodInput, clock: ReportClock): Promise<TReportBreakdown> {
  const { current } = compareRanges(period, clock.now, clock.timeZone);
  const q = breakdownSql(current);
  const [productRows, countryRows, [renewals]] = await Promise.all([
    selectRows<{ kind: 'product' | 'shipping' | 'discount'; product_id: Num | null; name: string; orders: Num; units: Num; cents: Num }>(db, q.byProduct),
    selectRows<{ country: string | null; orders: Num; cents: Num }>(db, q.byCountry),
    selectRows<{ ended: Num; renewed_in_time: Num; renewed_late: Num }>(db, q.renewals),
  ]);
  const products = productRows
    .map((row) => ({
      kind: row.kind,
      product_id: row.product_id === null ? null : Number(row.product_id),
      name: row.name,
      orders: Number(row.orders),
      units: Number(row.units),
      income: fromCents(Number(row.cents)),
    }))
    // Products by income, then shipping and discounts; rows with nothing in them left out.
    .filter((row) => row.kind === 'product' || row.income !== 0)
    .sort((a, b) => Number(a.kind !== 'product') - Number(b.kind !== 'product') || (a.kind === 'product' ? b.income - a.income : 0) || a.name.localeCompare(b.name));
  const countries = countryRows
    .map((row) => ({
      country: row.country,
      name: row.country === null ? NO_SHIPPING_ADDRESS : (countryName(row.country) ?? row.country),
      orders: Number(row.orders),
      income: fromCents(Number(row.cents)),
    }))
    .sort((a, b) => b.income - a.income || a.name.localeCompare(b.name));
  const ended = Number(renewals!.ended);
  const renewedInTime = Number(renewals!.renewed_in_time);
  return {
    current: { start: current.start.toISOString(), end: current.end.toISOString() },
    by_product: products,
    by_country: countries,
    renewals: { ended, renewed_in_time: renewedInTime, renewed_late: Number(renewals!.renewed_late), rate: renewalRate(renewedInTime, ended) },
  };
}
