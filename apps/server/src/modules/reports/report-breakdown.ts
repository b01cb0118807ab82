import { sql, type SQL } from 'drizzle-orm';
import { LICENSE_TERM_MS, RENEWABLE_LICENSE_TYPES } from '@lbs/domain/license-terms';
import { fromCents } from '@lbs/domain/money';
import { compareRanges, renewalRate, type ReportRange } from '@lbs/domain/report-comparison';
import type { ReportPeriodInput } from '@lbs/domain/report-periods';
import type { TReportBreakdown } from '@lbs/domain/report-responses';
import { countryName } from '@lbs/domain/shipping';
import type { DbOrTx } from '../../db/client';
import { licenses, orderLines, orders, products, refundLines, refunds } from '../../db/schema';
import { selectRows } from '../../db/select-rows';
import { orderWasPaid } from '../orders/was-paid';
import { succeededRefund, type ReportClock } from './daily-series';

export const UNKNOWN_COUNTRY = 'Unknown (no shipping or billing country)';
/** The by-product row for what succeeded refunds of the period gave back on no order line. */
export const REFUNDS_NOT_ON_A_LINE = 'Refunds not on a line';

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** The orders paid in the range (refunded since or not), by payment time (orders_paid_idx). */
const paidIn = (r: ReportRange) => sql`${orderWasPaid} and ${orders.paidAt} >= ${at(r.start)} and ${orders.paidAt} < ${at(r.end)}`;

/** The refunds that succeeded in the range, by when they did (refunds_succeeded_idx). */
const refundedIn = (r: ReportRange) =>
  sql`${succeededRefund} and ${refunds.succeededAt} >= ${at(r.start)} and ${refunds.succeededAt} < ${at(r.end)}`;

/**
 * Income by product, net of refunds: each line at its own price (line_total_cents) for the orders
 * paid in the range, less what the refunds that succeeded in the range gave back on that product's
 * lines (refund_lines: each line's share, discount and shipping allocated in proportion, for a
 * refund by lines or by amount), whenever its order was paid. Then the orders' shipping and their
 * discounts as rows of their own, and what those refunds gave back on no line (normally nothing)
 * as a Refunds row, so the rows add up to the income the cards count (paid − refunded). A discount
 * is not spread over the lines: a coupon takes money off an order, and splitting it by price would
 * invent a per-product figure nobody charged.
 */
function byProductSql(r: ReportRange): SQL {
  return sql`with paid as materialized (
      select ${orders.id} as id, ${orders.shippingCents} as shipping_cents, ${orders.discountCents} as discount_cents
      from ${orders} where ${paidIn(r)}
    ), refunded as materialized (
      select ${refunds.id} as id, ${refunds.amountCents} as amount_cents from ${refunds} where ${refundedIn(r)}
    ), refunded_lines as materialized (
      select ol.product_id, rl.amount_cents
      from refunded join ${refundLines} rl on rl.refund_id = refunded.id join ${orderLines} ol on ol.id = rl.order_line_id
    ), lines as (
      select product_id, sum(orders)::bigint as orders, sum(units)::bigint as units, sum(cents)::bigint as cents, sum(refunded)::bigint as refunded
      from (
        select ol.product_id, count(distinct ol.order_id) as orders, sum(ol.quantity) as units, sum(ol.line_total_cents) as cents, 0 as refunded
        from paid join ${orderLines} ol on ol.order_id = paid.id group by ol.product_id
        union all
        select product_id, 0, 0, -sum(amount_cents), sum(amount_cents) from refunded_lines group by product_id
      ) as part group by product_id
    )
    select 'product' as kind, lines.product_id, p.name, lines.orders, lines.units, lines.cents, lines.refunded
      from lines join ${products} p on p.id = lines.product_id
    union all
    select 'shipping', null, 'Shipping', count(*) filter (where shipping_cents > 0), 0, coalesce(sum(shipping_cents), 0), 0 from paid
    union all
    select 'discount', null, 'Discounts', count(*) filter (where discount_cents > 0), 0, -coalesce(sum(discount_cents), 0), 0 from paid
    union all
    select 'refunds', null, ${REFUNDS_NOT_ON_A_LINE}::text, 0, 0, -(total - on_lines), total - on_lines
      from (select (select coalesce(sum(amount_cents), 0) from refunded) as total, (select coalesce(sum(amount_cents), 0) from refunded_lines) as on_lines) as left_over`;
}

/**
 * Income by country, net of refunds: the orders paid in the range, less the refunds that succeeded
 * in it (each by its order's country). An order's country is where it ships, else the billing
 * country asked at checkout (licence-only orders), else unknown (orders from before it was asked).
 */
function byCountrySql(r: ReportRange): SQL {
  return sql`select country, sum(orders)::bigint as orders, sum(cents)::bigint as cents, sum(refunded)::bigint as refunded
    from (
      select coalesce(${orders.shippingInfo} ->> 'country', ${orders.billingCountry}) as country, 1 as orders, ${orders.totalCents} as cents, 0 as refunded
      from ${orders} where ${paidIn(r)}
      union all
      select coalesce(o.shipping_info ->> 'country', o.billing_country), 0, -${refunds.amountCents}, ${refunds.amountCents}
      from ${refunds} join ${orders} o on o.id = ${refunds.orderId} where ${refundedIn(r)}
    ) as part group by 1`;
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
      join ${orders} o on o.id = ol.order_id and o.paid_at is not null
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
    selectRows<{ kind: 'product' | 'shipping' | 'discount' | 'refunds'; product_id: Num | null; name: string; orders: Num; units: Num; cents: Num; refunded: Num }>(db, q.byProduct),
    selectRows<{ country: string | null; orders: Num; cents: Num; refunded: Num }>(db, q.byCountry),
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
      refunds: fromCents(Number(row.refunded)),
    }))
    // Products by income, then shipping, discounts and refunds; rows with nothing in them left out.
    .filter((row) => row.kind === 'product' || row.income !== 0)
    .sort((a, b) => Number(a.kind !== 'product') - Number(b.kind !== 'product') || (a.kind === 'product' ? b.income - a.income : 0) || a.name.localeCompare(b.name));
  const countries = countryRows
    .map((row) => ({
      country: row.country,
      name: row.country === null ? UNKNOWN_COUNTRY : (countryName(row.country) ?? row.country),
      orders: Number(row.orders),
      income: fromCents(Number(row.cents)),
      refunds: fromCents(Number(row.refunded)),
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
