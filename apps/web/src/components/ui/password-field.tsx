import { useState, type InputHTMLAttributes, type Ref } from 'react';
import { MSG } from '@lbs/domain/messages';
import { FieldFrame, splitFrameProps, type FrameProps } from './field-frame';
import { EyeIcon, EyeOffIcon } from './icons';

type PasswordFieldProps = FrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'id' | 'type' | 'onToggle'> & { ref?: Ref<HTMLInputElement> };

/**
 * A password input with a show/hide toggle. `shown` and `onToggle` let several fields share one
 * toggle (see PasswordFields); without them the field keeps its own.
 */
export function PasswordField({
  ref,
  shown,
  onToggle,
  ...props
}: PasswordFieldProps & {
  shown?: boolean;
  onToggle?: () => void;
}) {
  const [frame, input] = splitFrameProps(props);
  const [ownShown, setOwnShown] = useState(false);
  const visible = shown ?? ownShown;
  const toggle = onToggle ?? (() => setOwnShown((v) => !v));
  return (
    <FieldFrame {...frame}>
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

/**
 * The password fields of one form (a new password and its confirmation, or the current one and
 * a new one), shown and hidden together by any of their toggles.
 */
export function PasswordFields({ fields }: { fields: ReadonlyArray<PasswordFieldProps & { name: string }> }) {
  const [shown, setShown] = useState(false);
  const toggle = () => setShown((v) => !v);
  return fields.map((field) => <PasswordField key={field.name} {...field} shown={shown} onToggle={toggle} />);
}
