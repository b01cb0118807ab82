import { MSG } from '@lbs/domain/messages';

/** The settings lists' loading line and empty state, one look for all three tabs. */
export function ListLoading() {
  return (
    <p role="status" className="py-8 text-slate-500">
      {MSG.loading}
    </p>
  );
}

export function ListEmpty({ message, className = '' }: { message: string; className?: string }) {
  return (
    <p className={`rounded-xl border border-dashed border-slate-300 px-4 py-10 text-center text-slate-500 ${className}`.trim()}>
      {message}
    </p>
  );
}
