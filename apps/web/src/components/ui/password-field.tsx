import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { MSG } from '@lbs/domain/messages';
import { FieldFrame } from './field-frame';
import { EyeIcon, EyeOffIcon } from './icons';

/**
 * A password input with a show/hide toggle. `shown` and `onToggle` let two fields (password and
 * confirmation) share one toggle; without them the field keeps its own.
 */
export function PasswordField({
  label,
  error,
  hint,
  id,
  className,
  ref,
  shown,
  onToggle,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'type'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  ref?: Ref<HTMLInputElement>;
  shown?: boolean;
  onToggle?: () => void;
}) {
  const [ownShown, setOwnShown] = useState(false);
  const visible = shown ?? ownShown;
  const toggle = onToggle ?? (() => setOwnShown((v) => !v));
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(control) => (
        <div className="relative">
          <input ref={ref} {...control} className={`${control.className} pr-11`} type={visible ? 'text' : 'password'} {...input} />
          <button
            type="button"
            onClick={toggle}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-brand-700"
            aria-label={visible ? MSG.hidePassword : MSG.showPassword}
            aria-pressed={visible}
            aria-controls={control.id}
          >
            {visible ? <EyeOffIcon className="h-5 w-5" /> : <EyeIcon className="h-5 w-5" />}
          </button>
        </div>
      )}
    </FieldFrame>
  );
}
