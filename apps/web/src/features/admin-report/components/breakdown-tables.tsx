import { formatUsd } from '@lbs/domain/money';
import type { TReportBreakdown } from '@lbs/domain/report-responses';
import { DataTable, type Column } from '../../../components/ui/data-table';

type ProductRow = TReportBreakdown['by_product'][number];
type CountryRow = TReportBreakdown['by_country'][number];

const COUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const money = 'text-right tabular-nums whitespace-nowrap';

const PRODUCT_COLUMNS: ReadonlyArray<Column<ProductRow>> = [
  { key: 'name', header: 'Product', card: 'title', cell: (r) => (r.kind === 'product' ? r.name : <span className="italic">{r.name}</span>) },
  { key: 'orders', header: 'Orders', className: money, cell: (r) => COUNT.format(r.orders) },
  { key: 'units', header: 'Units', className: money, cell: (r) => (r.kind === 'product' ? COUNT.format(r.units) : '—') },
  { key: 'refunds', header: 'Refunded', className: money, cell: (r) => (r.refunds ? formatUsd(r.refunds) : '—') },
  { key: 'income', header: 'Net income', className: money, cell: (r) => formatUsd(r.income) },
];

const COUNTRY_COLUMNS: ReadonlyArray<Column<CountryRow>> = [
  { key: 'name', header: 'Country', card: 'title', cell: (r) => r.name },
  { key: 'orders', header: 'Orders', className: money, cell: (r) => COUNT.format(r.orders) },
  { key: 'refunds', header: 'Refunded', className: money, cell: (r) => (r.refunds ? formatUsd(r.refunds) : '—') },
  { key: 'income', header: 'Net income', className: money, cell: (r) => formatUsd(r.income) },
];

function Section({ title, id, note, wide = false, children }: { title: string; id: string; note?: string; wide?: boolean; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className={`flex min-w-0 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${wide ? 'xl:col-span-2' : ''}`}>
      <div>
        <h3 id={id} className="text-base font-semibold text-ink">
          {title}
        </h3>
        {note ? <p className="mt-1 text-xs text-slate-600">{note}</p> : null}
      </div>
      {children}
    </section>
  );
}

/**
 * The period's breakdowns under the charts: income net of refunds and orders by product (lines at
 * their own price less what the period's refunds took back on them, shipping, discounts and
 * refunds on no line as rows of their own, so the rows add up to the period's net income), by
 * country: shipping, else billing (each less its orders' refunds of the period), and the licences that ended with
 * their renewals.
 */
export function BreakdownTables({
  breakdown,
  loading,
  failed,
}: {
  breakdown: TReportBreakdown | undefined;
  loading: boolean;
  /**
   * The last load failed. REPORT only logs its failures (spec §8), as the cards do: a dash, never
   * the empty words, which would say the period had no orders when we do not know.
   */
  failed?: boolean;
}) {
  if (failed) {
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 px-4 py-10 text-center text-sm text-slate-500">
        <span aria-hidden="true">–</span>
        <span className="sr-only">The breakdowns are not available.</span>
      </p>
    );
  }
  const renewals = breakdown?.renewals;
  return (
    <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
      {/* By product has five columns of figures up to $1,264,500.55 and long names: half the page
          cut its last one at 1440 px ("NE INCOM", issue 37), so it takes the whole width; by country
          and the renewals share the row under it. */}
      <Section wide title="Income by product" id="breakdown-products" note="Each line at its own price, net of refunds (what the period's refunds took back on it, shipping and discount shared in proportion); shipping and discounts on rows of their own, so the rows add up to the income.">
        <DataTable caption="Income and orders by product" columns={PRODUCT_COLUMNS} rows={breakdown?.by_product} rowKey={(r) => `${r.kind}-${r.product_id ?? r.name}`} loading={loading} empty="No paid orders in this period." dense />
      </Section>
      <Section title="Income by country" id="breakdown-countries" note="Where the order ships, else its billing country (asked at checkout for licence-only orders), net of refunds; older licence-only orders are Unknown.">
        <DataTable caption="Income and orders by country" columns={COUNTRY_COLUMNS} rows={breakdown?.by_country} rowKey={(r) => r.country ?? 'none'} loading={loading} empty="No paid orders in this period." dense />
      </Section>
      <Section title="Renewals" id="breakdown-renewals" note="Licence terms that ended in the period (revoked keys left out), and how many were renewed before their end.">
        {renewals ? (
          <dl data-testid="renewals" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              ['Ended', COUNT.format(renewals.ended)],
              ['Renewed in time', COUNT.format(renewals.renewed_in_time)],
              ['Renewed late', COUNT.format(renewals.renewed_late)],
              [
                'Renewal rate',
                renewals.rate === null ? (
                  <>
                    <span aria-hidden="true">—</span>
                    <span className="sr-only">none ended</span>
                  </>
                ) : (
                  `${renewals.rate.toFixed(1)}%`
                ),
              ],
            ].map(([term, value]) => (
              <div key={term as string} className="rounded-xl bg-slate-50 px-3 py-2">
                <dt className="text-xs text-slate-600">{term}</dt>
                <dd className="text-lg font-semibold text-ink tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <p role="status" className="text-sm text-slate-600">
            {loading ? 'Loading...' : '–'}
          </p>
        )}
      </Section>
    </div>
  );
}
