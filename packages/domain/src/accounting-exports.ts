/**
 * Exports for the accountant (issue 23): orders, invoices and credit notes as CSV for a range of
 * business days (BUSINESS_TIME_ZONE, both days included). One place for the query rule, the file
 * names and the header rows, read by the server's routes, the back office's panel and the tests.
 */
import { z } from 'zod';
import { addDays, businessDayOf, isCalendarDay, MAX_REPORT_DAYS } from './report-periods';

export const ACCOUNTING_EXPORTS = ['orders', 'invoices', 'credit-notes'] as const;
export type AccountingExport = (typeof ACCOUNTING_EXPORTS)[number];

export const ACCOUNTING_EXPORT_LABELS: Record<AccountingExport, string> = {
  orders: 'Orders',
  invoices: 'Invoices',
  'credit-notes': 'Credit notes',
};

/** The longest range one file covers: a leap year, both ends included. */
export const MAX_EXPORT_DAYS = MAX_REPORT_DAYS;

export const EXPORT_MSG = {
  dateFormat: 'Dates must be given as YYYY-MM-DD',
  dayOutOfRange: 'Dates must fall between 1970-01-01 and 9999-12-30',
  fromAfterTo: 'The from date must not be after the to date',
  rangeTooLong: `An export can cover at most ${MAX_EXPORT_DAYS} days`,
  failed: 'The export could not be downloaded. Try again.',
} as const;

const ZExportDay = z
  .string({ error: EXPORT_MSG.dateFormat })
  .trim()
  .refine(isCalendarDay, { error: EXPORT_MSG.dateFormat })
  .refine((day) => day >= '1970-01-01' && day <= '9999-12-30', { error: EXPORT_MSG.dayOutOfRange });

/** Days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/** Why a range cannot be exported, or null (both days well formed). */
export function exportRangeProblem(from: string, to: string): string | null {
  if (from > to) return EXPORT_MSG.fromAfterTo;
  if (daysBetween(from, to) > MAX_EXPORT_DAYS) return EXPORT_MSG.rangeTooLong;
  return null;
}

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`, both required, nothing else. */
export const ZAccountingExportQuery = z
  .object({ from: ZExportDay, to: ZExportDay })
  .strict()
  .superRefine((q, ctx) => {
    const problem = exportRangeProblem(q.from, q.to);
    if (problem) ctx.addIssue({ code: 'custom', path: ['to'], message: problem });
  });
export type TAccountingExportQuery = z.output<typeof ZAccountingExportQuery>;

/** lentibooth-orders-2026-11-01-to-2026-11-30.csv: what it holds and the days it covers. */
export const accountingExportFileName = (kind: AccountingExport, q: TAccountingExportQuery) =>
  `lentibooth-${kind}-${q.from}-to-${q.to}.csv`;

/** The panel's default: the whole calendar month before the business day `now` falls on. */
export function lastMonthRange(now: Date, timeZone: string): TAccountingExportQuery {
  const today = businessDayOf(now, timeZone);
  const firstOfThisMonth = `${today.slice(0, 8)}01`;
  const to = addDays(firstOfThisMonth, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}

/**
 * The header rows, in the order of the cells. Amounts are plain decimals (1500.00), dates YYYY-MM-DD in the business zone.
 * A closed range gives the same file whenever it is made (issue 37): orders and invoices at what was paid, with only
 * the refunds that succeeded inside the range (a refund made later belongs to the later range's credit notes), so
 * the orders' Total less the credit notes' Amount of the same days is REPORT's net income for them.
 */
export const ACCOUNTING_EXPORT_COLUMNS = {
  orders: ['Order', 'Date paid', 'Customer', 'Country', 'Lines', 'Subtotal', 'Shipping', 'Discount', 'Refunds in range', 'Total', 'Net', 'Currency', 'Payment status at range end'],
  invoices: ['Invoice', 'Date', 'Order', 'Customer', 'Country', 'Lines', 'Subtotal', 'Shipping', 'Discount', 'Refunds in range', 'Total', 'Currency'],
  'credit-notes': ['Credit note', 'Date issued', 'Invoice', 'Order', 'Customer', 'Country', 'Amount', 'Currency', 'Reason'],
} as const satisfies Record<AccountingExport, readonly string[]>;

/** Integer cents as a plain decimal, the way a spreadsheet reads a number: 150000 → '1500.00'. */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** An order's lines in one cell: '2 × Adhesion Roller; 1 × Yearly License'. */
export const linesCell = (lines: ReadonlyArray<{ quantity: number; name: string }>) =>
  lines.map((l) => `${l.quantity} × ${l.name}`).join('; ');

/** GET /export/defaults: the server's business zone and the panel's default range (last month there). */
export const ZAccountingExportDefaults = z.object({
  time_zone: z.string(),
  from: z.string(),
  to: z.string(),
  max_days: z.number().int(),
});
export type TAccountingExportDefaults = z.infer<typeof ZAccountingExportDefaults>;
