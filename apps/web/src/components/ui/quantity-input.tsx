import { useId, useState } from 'react';
import { MAX_LINE_QUANTITY } from '@lbs/domain/cart';
import { MinusIcon, PlusIcon } from './icons';

const WHOLE = /^\d+$/;

/**
 * − n + for a quantity. Whole numbers only, `min` (0 unless told) to `max`: typing is free, and on
 * blur or Enter anything empty, invalid or below `min` reverts to the last valid quantity (spec:
 * "whole numbers 0 or more; empty or invalid on blur reverts"); above `max` it is capped. Minus
 * stops at `min`. The accessible name is "Quantity of {of}"; `hideLabel` keeps "Quantity" visual only
 * for screen readers where the card around it already says what is counted.
 */
export function QuantityInput({
  value,
  onChange,
  of,
  min = 0,
  max = MAX_LINE_QUANTITY,
  hideLabel = false,
}: {
  value: number;
  onChange: (n: number) => void;
  of: string;
  min?: number;
  max?: number;
  hideLabel?: boolean;
}) {
  const id = useId();
  // What is being typed; null when the field shows the committed value.
  const [draft, setDraft] = useState<string | null>(null);

  const commit = () => {
    const trimmed = (draft ?? '').trim();
    setDraft(null);
    if (draft === null || !WHOLE.test(trimmed)) return;
    const n = Math.min(max, Number(trimmed));
    if (n >= min && n !== value) onChange(n);
  };

  const btn = 'inline-flex h-10 w-10 items-center justify-center text-slate-700 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <div>
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'mb-1 block text-sm font-medium text-slate-700'}>
        Quantity<span className="sr-only"> of {of}</span>
      </label>
      <div className="inline-flex items-center overflow-hidden rounded-lg border border-slate-300 bg-white">
        <button type="button" className={btn} aria-label="Decrease quantity" disabled={value <= min} onClick={() => onChange(Math.max(min, value - 1))}>
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
        <button type="button" className={btn} aria-label="Increase quantity" disabled={value >= max} onClick={() => onChange(Math.min(max, value + 1))}>
          <PlusIcon className="h-4 w-4" />
        </button>
      </div>
    </div>
  );
}
