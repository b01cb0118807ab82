import { Fragment } from 'react';
import { MSG } from '@lbs/domain/messages';
import { LICENSE_TYPE_LABELS } from '@lbs/domain/license-terms';
import { licenseDurationText, licenseEndText, licenseStartText } from '../../../lib/license-display';
import type { License } from '../api';
import { canRenew } from '../hooks/use-renew';
import type { RenewalActions } from '../hooks/use-renewal-actions';
import { KeyCell, RowButtons, StatusOf, type RowActions } from './license-cells';
import { EndDateCell, RenewalDueNotice } from './renewal-cells';

/**
 * What a licence shows in the table's first columns and in its small-screen card. `end`: the End
 * Date, which also says whether the licence renews and carries the renewal's switch.
 */
const DETAILS: ReadonlyArray<{ label: string; value: (l: License) => string; cell: string; card?: string; end?: true }> = [
  // Several keys are told apart by their plan first, then by their dates.
  { label: 'Plan', value: (l) => LICENSE_TYPE_LABELS[l.type], cell: 'whitespace-nowrap font-medium text-ink' },
  { label: 'Device ID', value: (l) => l.device_number || MSG.unknownDevice, cell: 'font-mono text-xs text-slate-700', card: 'truncate font-mono text-xs leading-5' },
  // An unused Daily pass: 'Starts on first activation' and 'Activate by <date>' (license-display).
  // A date stays on one line; the pass's longer words may wrap, so the Status column stays in view.
  { label: 'Start Date', value: licenseStartText, cell: 'min-w-[7.5rem]' },
  { label: 'End Date', value: (l) => licenseEndText(l), cell: 'min-w-[7.5rem]', end: true },
  { label: 'Duration', value: licenseDurationText, cell: 'whitespace-nowrap' },
];

const COLUMNS = [...DETAILS.map((d) => d.label), 'License Key', 'Status'];

/** The customer's licences: a table on wide screens, one card per licence on small ones. */
export function LicenseTable({ rows, mode, onReset, onRenew, renewal }: { rows: License[]; renewal: RenewalActions } & RowActions) {
  const detail = (d: (typeof DETAILS)[number], l: License) => (d.end ? <EndDateCell license={l} mode={mode} renewal={renewal} /> : d.value(l));
  return (
    <>
      {/* Wide screens: a table. Cells keep 0.75rem each side so nine columns (an unused pass's
          'Not started', a bound key's 'Reset device') fit the account panel at 1440 px unscrolled. */}
      <div className="relative hidden overflow-x-auto rounded-xl border border-slate-200 md:block">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
            <tr>
              {COLUMNS.map((c) => (
                <th key={c} scope="col" className="px-3 py-3 font-semibold">
                  {c}
                </th>
              ))}
              <th scope="col" className="px-3 py-3 font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((l) => (
              <Fragment key={l._id}>
                <tr className={`align-middle ${l.renewal_due ? 'border-b-0' : ''}`}>
                  {DETAILS.map((d) => (
                    <td key={d.label} className={`px-3 py-3 ${d.cell}`}>
                      {detail(d, l)}
                    </td>
                  ))}
                  <td className="px-3 py-3">
                    <KeyCell license={l} />
                  </td>
                  <td className="px-3 py-3">
                    <StatusOf license={l} mode={mode} />
                  </td>
                  <td className="px-3 py-3 text-right">
                    <RowButtons license={l} mode={mode} onReset={onReset} onRenew={onRenew} />
                  </td>
                </tr>
                {/* An unpaid renewal: its warning and Pay now under the licence's row, across the table. */}
                {l.renewal_due ? (
                  <tr>
                    <td colSpan={COLUMNS.length + 1} className="px-3 pb-3 pt-0">
                      <RenewalDueNotice license={l} renewal={renewal} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>

      {/* Small screens: one card per licence, the same fields labelled. */}
      <ul className="flex flex-col gap-3 md:hidden">
        {rows.map((l) => (
          <li key={l._id} className="rounded-xl border border-slate-200 p-4">
            <div className="flex items-center justify-between gap-2">
              <KeyCell license={l} />
              <StatusOf license={l} mode={mode} />
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {DETAILS.map((d) => (
                <Fragment key={d.label}>
                  <dt className="text-slate-500">{d.label}</dt>
                  <dd className={d.card}>{detail(d, l)}</dd>
                </Fragment>
              ))}
            </dl>
            {l.renewal_due ? (
              <div className="mt-3">
                <RenewalDueNotice license={l} renewal={renewal} />
              </div>
            ) : null}
            {canRenew(l) || (mode === 'CURRENT' && l.device_number) ? (
              <div className="mt-3 border-t border-slate-100 pt-3">
                <RowButtons license={l} mode={mode} onReset={onReset} onRenew={onRenew} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
