import type { InputHTMLAttributes, Ref } from 'react';

/** A ticked box that switches an optional field on; spreads react-hook-form's register(). */
export function CheckboxField({
  ref,
  label,
  ...input
}: { label: string; ref?: Ref<HTMLInputElement> } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'className'
>) {
  return (
    <label className="flex cursor-pointer items-center gap-2.5 text-sm font-medium text-slate-700">
      <input
        ref={ref}
        type="checkbox"
        className="h-4 w-4 shrink-0 cursor-pointer rounded accent-brand-600"
        {...input}
      />
      {label}
    </label>
  );
}
