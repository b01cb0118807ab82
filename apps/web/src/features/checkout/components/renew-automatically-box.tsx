import { useId } from 'react';

/**
 * "Renew automatically", beside the pay button: never ticked until the buyer ticks it (consent is
 * given, not assumed), with the words that say the amount, the period and how to turn it off.
 */
export function RenewAutomaticallyBox({ words, checked, onChange }: { words: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const wordsId = useId();
  return (
    <div className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      <label className="flex cursor-pointer items-center gap-2.5 text-sm font-semibold text-ink">
        <input
          type="checkbox"
          className="h-4 w-4 shrink-0 cursor-pointer rounded accent-brand-600"
          checked={checked}
          aria-describedby={wordsId}
          onChange={(e) => onChange(e.target.checked)}
        />
        Renew automatically
      </label>
      <p id={wordsId} data-testid="renewal-consent-words" className="ml-6.5 mt-1 text-xs leading-5 text-slate-600">
        {words}
      </p>
    </div>
  );
}
