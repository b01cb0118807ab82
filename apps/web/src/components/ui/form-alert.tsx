import type { ReactNode } from 'react';

/** A message box for the whole form: red for errors (an alert), green for success (a status). */
export function FormAlert({ tone = 'error', children }: { tone?: 'error' | 'success'; children: ReactNode }) {
  const cls = tone === 'error' ? 'border-red-200 bg-red-50 text-red-800' : 'border-emerald-200 bg-emerald-50 text-emerald-800';
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-4 py-3 text-sm [overflow-wrap:anywhere] ${cls}`}>
      {children}
    </div>
  );
}
