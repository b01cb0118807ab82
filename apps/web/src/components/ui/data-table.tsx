import { Fragment, type ReactNode } from 'react';
import { MSG } from '@lbs/domain/messages';
import { LoadFailed } from './load-failed';

export interface Column<T> {
  /** Unique within the table; also the React key. */
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Classes for the cell (and its header) on wide screens. */
  className?: string;
  /**
   * On small screens: 'title' heads the card, 'actions' sits under its fields without a label
   * (buttons), 'hidden' is left out, default is a labelled line.
   */
  card?: 'title' | 'actions' | 'hidden';
  /**
   * false: on cards only, left out of the table's markup (not merely hidden), for a field the
   * table shows inside another column; so a row holds each value once.
   */
  table?: false;
  /** The label on a card when the header is not plain text (a checkbox, an icon). */
  cardLabel?: string;
}

/**
 * Every back-office list: a table from 768px up, one card per row below it (the same fields,
 * labelled), so a list stays usable on a phone without sideways scrolling. Loading, failed, empty
 * and the rows are one component, so each list says only what its columns are; a list that failed
 * to load never shows its empty words (they would say there is nothing when we do not know).
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  loading = false,
  failed,
  empty,
  rowClassName,
  dense = false,
}: {
  /** Read by screen readers; say what the rows are. */
  caption: string;
  columns: ReadonlyArray<Column<T>>;
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  /** The last load failed: the error and a retry instead of the rows or the empty state. */
  failed?: { onRetry: () => void; retrying: boolean; message?: string } | false;
  /** The empty state's words (the spec's, where it gives one). */
  empty: string;
  rowClassName?: (row: T) => string;
  /** Cells 0.75rem a side instead of 1rem: a list with many columns keeps more of them in view. */
  dense?: boolean;
}) {
  if (loading) {
    return (
      <p role="status" className="py-10 text-center text-slate-500">
        {MSG.loading}
      </p>
    );
  }
  if (failed) return <LoadFailed onRetry={failed.onRetry} busy={failed.retrying} message={failed.message} />;
  if (!rows?.length) {
    return <p className="rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-slate-500">{empty}</p>;
  }
  const title = columns.find((c) => c.card === 'title');
  const lines = columns.filter((c) => c.card === undefined);
  const actions = columns.filter((c) => c.card === 'actions');
  const pad = dense ? 'px-3' : 'px-4';
  const tableColumns = columns.filter((c) => c.table !== false);
  return (
    <>
      {/* Focusable, so a keyboard can scroll a table wider than the screen (axe: scrollable-region-focusable).
          Named "… table", not by the caption alone: a list's section is often headed by the same
          words ("Users"), and two regions of one name read alike in the landmark list (axe
          landmark-unique, issue 37). */}
      <div role="region" aria-label={`${caption} table`} tabIndex={0} className="hidden overflow-x-auto rounded-xl border border-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-300 md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
            <tr>
              {tableColumns.map((c) => (
                <th key={c.key} scope="col" className={`${pad} py-3 font-semibold ${c.className ?? ''}`}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((row) => (
              <tr key={rowKey(row)} className={`align-middle ${rowClassName?.(row) ?? ''}`}>
                {tableColumns.map((c) => (
                  <td key={c.key} className={`${pad} py-3 ${c.className ?? ''}`}>
                    {c.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul aria-label={caption} className="flex flex-col gap-3 md:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className={`rounded-xl border border-slate-200 p-4 ${rowClassName?.(row) ?? ''}`}>
            {title ? <div className="mb-2 font-semibold text-ink [overflow-wrap:anywhere]">{title.cell(row)}</div> : null}
            <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-1.5 text-sm">
              {lines.map((c) => (
                <Fragment key={c.key}>
                  <dt className="text-slate-500">{c.cardLabel ?? c.header}</dt>
                  <dd className="min-w-0 [overflow-wrap:anywhere]">{c.cell(row)}</dd>
                </Fragment>
              ))}
            </dl>
            {actions.length ? (
              <div className="mt-3 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3 empty:hidden">
                {actions.map((c) => (
                  <Fragment key={c.key}>{c.cell(row)}</Fragment>
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}
