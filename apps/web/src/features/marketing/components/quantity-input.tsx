import { useId } from 'react';

/** − n + with a typed-in value kept between min and max. */
export function QuantityInput({
  value,
  onChange,
  min = 1,
  max,
  label,
}: {
  value: number;
  onChange: (n: number) => void;
  min?: number;
  max: number;
  label: string;
}) {
  const id = useId();
  const clamp = (n: number) => Math.min(max, Math.max(min, Number.isFinite(n) ? Math.trunc(n) : min));
  const step = 'flex h-10 w-10 items-center justify-center text-lg font-semibold text-ink hover:bg-brand-50 disabled:text-slate-300 disabled:hover:bg-transparent';
  return (
    <div className="inline-flex items-center overflow-hidden rounded-lg border border-slate-300 bg-white">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <button type="button" className={step} onClick={() => onChange(clamp(value - 1))} disabled={value <= min} aria-label="Decrease quantity">
        −
      </button>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={value}
        onChange={(e) => onChange(clamp(e.target.valueAsNumber))}
        className="h-10 w-14 border-x border-slate-300 text-center text-sm font-semibold text-ink [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
      />
      <button type="button" className={step} onClick={() => onChange(clamp(value + 1))} disabled={value >= max} aria-label="Increase quantity">
        +
      </button>
    </div>
  );
}
