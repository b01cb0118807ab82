import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';
import { controlClass } from './field-frame';

/**
 * What sits above a back-office list: its heading, a line that counts it (announced as it
 * changes) or says what it holds, the buttons that act on the whole list (export, create) or a
 * search box beside the heading, and the search box and filters that narrow it, in a row below.
 */
export function ListToolbar({
  headingId,
  title,
  count,
  description,
  actions,
  children,
  filtersLayout = 'flex flex-col gap-3 sm:flex-row sm:items-end',
  className = '',
}: {
  /** The heading's id, for the list's section to be labelled by. */
  headingId: string;
  title: ReactNode;
  /** '12 orders matching “ana”': a status line, read out when it changes. */
  count?: ReactNode;
  /** What the list holds, in a sentence (instead of a count). */
  description?: ReactNode;
  /** Beside the heading, at its right (below it on a phone when there is no room). */
  actions?: ReactNode;
  /** The filters row (SearchField, FilterSelect, FilterDate). */
  children?: ReactNode;
  /** The filters row's layout: a row from sm up by default; a grid where filters share columns. */
  filtersLayout?: string;
  className?: string;
}) {
  const line = count !== undefined ? (
    <p role="status" className="mt-1 text-sm text-slate-600">
      {count || '\u00a0'}
    </p>
  ) : description !== undefined ? (
    <p className="mt-1 text-sm text-slate-600">{description}</p>
  ) : null;
  return (
    <div className={className}>
      {/* A heading alone centres on its button; with its line under it, the two sit on the buttons' base. */}
      <div className={`flex flex-wrap justify-between gap-3 ${line ? 'items-end' : 'items-center'}`}>
        <div>
          <h2 id={headingId} className="text-xl font-semibold text-ink">
            {title}
          </h2>
          {line}
        </div>
        {actions}
      </div>
      {children ? <div className={`mt-4 ${filtersLayout}`}>{children}</div> : null}
    </div>
  );
}

// Selects and date inputs drawn as tall as the search box beside them.
const filterClass = `${controlClass(false)} h-10.5 min-w-0`;

function FilterLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-slate-700">
      {children}
    </label>
  );
}

/** A labelled select in a list's filters row; `className` sizes its box (`sm:w-44`, a grid span). */
export function FilterSelect({
  label,
  className,
  children,
  ...select
}: { label: string; className?: string; children: ReactNode } & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className' | 'id'>) {
  const id = useId();
  return (
    <div className={className}>
      <FilterLabel htmlFor={id}>{label}</FilterLabel>
      <select id={id} className={filterClass} {...select}>
        {children}
      </select>
    </div>
  );
}

/** A labelled date input in a list's filters row. */
export function FilterDate({
  label,
  className,
  ...input
}: { label: string; className?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id' | 'type'>) {
  const id = useId();
  return (
    <div className={className}>
      <FilterLabel htmlFor={id}>{label}</FilterLabel>
      <input id={id} type="date" className={filterClass} {...input} />
    </div>
  );
}
