import { CheckIcon } from './icons';

/** Lines each led by a check mark in `colour` (a plan's colour); without one, in muted grey. */
export function CheckList({ items, colour, className }: { items: readonly string[]; colour?: string; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className={`flex items-start gap-2 text-sm ${colour ? 'text-slate-700' : 'text-slate-600'}`}>
          {colour ? (
            <CheckIcon className="mt-0.5 h-4 w-4 shrink-0" style={{ color: colour }} />
          ) : (
            <CheckIcon className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" />
          )}
          {item}
        </li>
      ))}
    </ul>
  );
}
