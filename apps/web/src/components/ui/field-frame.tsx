import { useId, type ReactNode } from 'react';

/** The look of every text-like control (input, textarea, select); red while it holds an error. */
export const controlClass = (invalid: boolean) =>
  `block w-full rounded-lg border bg-white px-3.5 py-2.5 text-sm text-ink shadow-xs placeholder:text-slate-400 focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 ${
    invalid ? 'border-red-400 focus:border-red-500 focus:ring-red-200' : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100'
  }`;

/** What a control inside the frame spreads onto itself: its id and its ties to the error and the hint. */
export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: string;
}

/** What FieldFrame itself takes (the rest of a field's props go to its control). */
export interface FrameProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  id?: string;
  className?: string;
}

/** Splits a field's props into the frame's and the control's. */
export function splitFrameProps<T extends FrameProps>({ label, error, hint, id, className, ...control }: T): [FrameProps, Omit<T, keyof FrameProps>] {
  return [{ label, error, hint, id, className }, control];
}

/**
 * Label, control, hint and error of one form field. The error and the hint are tied to the
 * control for screen readers; the control itself comes from the caller (input, textarea, select).
 */
export function FieldFrame({
  label,
  error,
  hint,
  id,
  className,
  children,
}: FrameProps & {
  children: (control: ControlProps) => ReactNode;
}) {
  const auto = useId();
  const controlId = id ?? auto;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={controlId} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, className: controlClass(Boolean(error)) })}
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
