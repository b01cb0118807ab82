import { pageWindow } from '@lbs/domain/paging';

const itemClass = (active: boolean) =>
  `inline-flex h-9 min-w-9 items-center justify-center rounded-lg px-2 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-40 ${
    active ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-brand-50'
  }`;

/**
 * The spec's pager: first and last pages, two either side of the current one, an ellipsis for
 * each gap; nothing at all when there is only one page.
 */
export function Pager({
  page,
  totalPages,
  onChange,
  label = 'Pagination',
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  label?: string;
}) {
  const items = pageWindow(page, totalPages);
  if (!items.length) return null;
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-center gap-1">
      <button type="button" className={itemClass(false)} disabled={page <= 1} onClick={() => onChange(page - 1)} aria-label="Previous page">
        ‹
      </button>
      {items.map((item, i) =>
        item === 'ellipsis' ? (
          <span key={`gap-${i}`} className="px-1 text-slate-400" aria-hidden>
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className={itemClass(item === page)}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
            onClick={() => onChange(item)}
          >
            {item}
          </button>
        ),
      )}
      <button type="button" className={itemClass(false)} disabled={page >= totalPages} onClick={() => onChange(page + 1)} aria-label="Next page">
        ›
      </button>
    </nav>
  );
}
