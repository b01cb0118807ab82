import { useId, useState } from 'react';
import {
  ACCOUNTING_EXPORT_LABELS,
  ACCOUNTING_EXPORTS,
  EXPORT_MSG,
  exportRangeProblem,
  lastMonthRange,
  type AccountingExport,
  type TAccountingExportQuery,
} from '@lbs/domain/accounting-exports';
import { isCalendarDay, DEFAULT_BUSINESS_TIME_ZONE } from '@lbs/domain/report-periods';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { DownloadIcon } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-error';
import { downloadAccountingExport, useAccountingExportDefaultsQuery } from '../accounting-exports';

/** Why the typed range cannot be asked for, per field, or nothing. */
function rangeErrors(range: TAccountingExportQuery): { from?: string; to?: string } {
  if (!isCalendarDay(range.from)) return { from: EXPORT_MSG.dateFormat };
  if (!isCalendarDay(range.to)) return { to: EXPORT_MSG.dateFormat };
  const problem = exportRangeProblem(range.from, range.to);
  return problem ? { to: problem } : {};
}

/**
 * INVOICES' "Export for the accountant": orders, invoices and credit notes of a range of business
 * days as CSV files, last month (in the shop's business time zone) unless changed.
 */
export function AccountingExportsPanel({ now = new Date() }: { now?: Date }) {
  const headingId = useId();
  const { data: defaults } = useAccountingExportDefaultsQuery();
  const timeZone = defaults?.time_zone ?? DEFAULT_BUSINESS_TIME_ZONE;
  // Until the admin types a day, the range follows the server's default (its business zone).
  const [typed, setTyped] = useState<TAccountingExportQuery | null>(null);
  const range = typed ?? (defaults ? { from: defaults.from, to: defaults.to } : lastMonthRange(now, timeZone));
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState<AccountingExport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const errors = checked ? rangeErrors(range) : {};

  const download = async (kind: AccountingExport) => {
    setChecked(true);
    setFailure(null);
    setSaved(null);
    if (Object.keys(rangeErrors(range)).length) return;
    setBusy(kind);
    try {
      await downloadAccountingExport(kind, range);
      setSaved(`${ACCOUNTING_EXPORT_LABELS[kind]} from ${range.from} to ${range.to} downloaded.`);
    } catch (e) {
      setFailure(isApiError(e) && e.status === 400 ? e.message : EXPORT_MSG.failed);
    } finally {
      setBusy(null);
    }
  };

  const setDay = (key: 'from' | 'to', value: string) => {
    setTyped({ ...range, [key]: value });
    setFailure(null);
    setSaved(null);
  };

  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-xl border border-slate-200 bg-white p-4 shadow-xs sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-ink">
        Export for the accountant
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Orders paid, invoices and credit notes issued between these days (both included, business days in {timeZone}), as CSV files for a spreadsheet.
      </p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:max-w-xl">
        <TextField label="From" type="date" name="from" value={range.from} max={range.to || undefined} error={errors.from} onChange={(e) => setDay('from', e.target.value)} />
        <TextField label="To" type="date" name="to" value={range.to} min={range.from || undefined} error={errors.to} onChange={(e) => setDay('to', e.target.value)} />
      </div>
      <div role="group" aria-label="Download as CSV" className="mt-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {ACCOUNTING_EXPORTS.map((kind) => (
          <Button key={kind} variant="secondary" className="px-4" disabled={busy !== null} aria-busy={busy === kind} onClick={() => void download(kind)}>
            <DownloadIcon className="h-4 w-4" />
            {busy === kind ? `Preparing ${ACCOUNTING_EXPORT_LABELS[kind].toLowerCase()}…` : ACCOUNTING_EXPORT_LABELS[kind]}
          </Button>
        ))}
      </div>
      <div className="mt-4 empty:hidden" aria-live="polite">
        {failure ? <FormAlert>{failure}</FormAlert> : null}
        {saved ? <p className="text-sm text-emerald-700">{saved}</p> : null}
      </div>
    </section>
  );
}
