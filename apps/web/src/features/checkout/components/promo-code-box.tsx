import { useId, useRef, useEffect } from 'react';
import { formatUsd } from '@lbs/domain/cart';
import type { PromoState } from '../hooks/use-promo-code';

const linkButton =
  'rounded-md text-sm font-semibold text-brand-700 hover:text-brand-900 hover:underline';

/** The promotion code box of the order summary. */
export function PromoCodeBox(props: {
  state: PromoState;
  discount: number;
  onOpen(): void;
  onClose(): void;
  onCodeChange(code: string): void;
  onApply(): void;
  onCancel(): void;
}) {
  const { state } = props;
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const phase = state.phase;
  useEffect(() => {
    if (phase === 'input') inputRef.current?.focus();
  }, [phase]);

  if (state.phase === 'none') {
    return (
      <button type="button" className={linkButton} onClick={props.onOpen}>
        Add promo code
      </button>
    );
  }
  if (state.phase === 'applied') {
    return (
      <div
        className="flex items-center justify-between gap-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm"
        role="status"
      >
        <p className="text-emerald-800">
          Promo code <strong className="font-semibold">{state.code}</strong> applied: −
          {formatUsd(props.discount)}
        </p>
        <button
          type="button"
          className={linkButton}
          onClick={props.onCancel}
          aria-label={`Remove promo code ${state.code}`}
        >
          Remove
        </button>
      </div>
    );
  }
  const errorId = `${inputId}-error`;
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        props.onApply();
      }}
    >
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
        Promo code
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={inputId}
          value={state.code}
          onChange={(e) => props.onCodeChange(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? errorId : undefined}
          className={`block w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-sm uppercase text-ink placeholder:normal-case placeholder:text-slate-400 focus:outline-none focus:ring-2 ${
            state.error
              ? 'border-red-400 focus:ring-red-200'
              : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'
          }`}
          placeholder="Enter code"
        />
        <button
          type="submit"
          disabled={state.checking}
          className="shrink-0 rounded-lg bg-ink px-4 py-2 text-sm font-semibold text-white hover:bg-brand-900 disabled:opacity-60"
        >
          {state.checking ? 'Checking…' : 'Apply'}
        </button>
      </div>
      {state.error ? (
        <p id={errorId} className="text-sm text-red-600" role="alert">
          {state.error}
        </p>
      ) : null}
      <button type="button" className={linkButton} onClick={props.onClose}>
        Cancel
      </button>
    </form>
  );
}
