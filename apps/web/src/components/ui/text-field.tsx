import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame } from './field-frame';

type Common = { label: ReactNode; error?: string; hint?: ReactNode; className?: string };

/** A labelled input with its error (and optional hint) tied to it; spreads react-hook-form's register(). */
export function TextField({
  label,
  error,
  hint,
  id,
  className,
  ref,
  ...input
}: Common & Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & { ref?: Ref<HTMLInputElement> }) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <input ref={ref} {...control} {...input} />}
    </FieldFrame>
  );
}

/** TextField's multi-line twin (the contact message). */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  className,
  ref,
  ...textarea
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => <textarea ref={ref} {...control} {...textarea} />}
    </FieldFrame>
  );
}
