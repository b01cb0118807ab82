import { useId, useState } from 'react';
import { MAX_LINE_QUANTITY } from '@lbs/domain/cart';
import { MinusIcon, PlusIcon } from './account-icons';

const WHOLE = /^\d+$/;

/**
 * Whole numbers 0 or more. Typing is free; on blur anything empty or invalid reverts to the last
 * valid quantity (spec §5). Minus stops at 0.
 */
export function QuantityInput({ value, onChange, of }: { value: number; onChange: (n: number) => void; of: string }) {
  const id = useId();
  // What is being typed; null when the field shows the committed value.
  const [draft, setDraft] = useState<string | null>(null);

  const commit = () => {
    const trimmed = (draft ?? '').trim();
    setDraft(null);
    if (draft === null || !WHOLE.test(trimmed)) return;
    const n = Math.min(MAX_LINE_QUANTITY, Number(trimmed));
    if (n !== value) onChange(n);
  };

  const btn = 'inline-flex h-10 w-10 items-center justify-center text-slate-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        Quantity<span className="sr-only"> of {of}</span>
      </label>
      <div className="inline-flex items-center overflow-hidden rounded-lg border border-slate-300">
        <button type="button" className={btn} aria-label="Decrease quantity" disabled={value <= 0} onClick={() => onChange(Math.max(0, value - 1))}>
          <MinusIcon className="h-4 w-4" />
        </button>
        <input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          className="h-10 w-16 border-x border-slate-300 text-center text-sm font-semibold text-ink focus:outline-none focus:ring-2 focus:ring-inset focus:ring-brand-100"
          value={draft ?? String(value)}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commit();
          }}
        />
        <button
          type="button"
          className={btn}
          aria-label="Increase quantity"
          disabled={value >= MAX_LINE_QUANTITY}
          onClick={() => onChange(Math.min(MAX_LINE_QUANTITY, value + 1))}
        >
          <PlusIcon className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}
