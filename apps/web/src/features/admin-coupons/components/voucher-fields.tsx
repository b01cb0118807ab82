import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { toApiError } from '../../../lib/api-error';
import { CheckboxField } from './checkbox-field';

/**
 * The fields the Create Coupon and Create Promotion forms share: a ticked box switches each
 * optional limit on and shows its field. Each takes the form's own register() results, since the
 * two forms name their expiry differently (redeem_by, expires_at).
 */
interface OptionalFieldProps {
  /** register() of the box that switches the field on. */
  toggle: UseFormRegisterReturn;
  /** register() of the field itself. */
  field: UseFormRegisterReturn;
  /** Whether the box is ticked (useWatch). */
  on: boolean | undefined;
  error: string | undefined;
  hint?: string;
}

/** "Limit the number of redemptions", then "Max redemptions". */
export function RedemptionLimitField({ toggle, field, on, error, hint }: OptionalFieldProps) {
  return (
    <>
      <CheckboxField label="Limit the number of redemptions" {...toggle} />
      {on ? <TextField label="Max redemptions" hint={hint} inputMode="numeric" autoComplete="off" error={error} {...field} /> : null}
    </>
  );
}

/** "Set an expiration date", then the last day it may be used. */
export function ExpiryDateField({ toggle, field, on, error, hint, min, max }: OptionalFieldProps & { hint: string; min?: string; max?: string }) {
  return (
    <>
      <CheckboxField label="Set an expiration date" {...toggle} />
      {on ? <TextField label="Expiration date" hint={hint} type="date" min={min} max={max} error={error} {...field} /> : null}
    </>
  );
}

/**
 * Sends the form's body; a refusal (a name or code taken, a date past the coupon's end) is kept
 * to show the server's detail above the buttons.
 */
export function useVoucherSubmit<T>(onSubmit: (body: T) => Promise<unknown>) {
  const [serverError, setServerError] = useState<string | null>(null);
  const submit = async (body: T) => {
    setServerError(null);
    try {
      await onSubmit(body);
    } catch (error) {
      setServerError(toApiError(error).message);
    }
  };
  return { serverError, submit };
}

/** The server's refusal, then Cancel and Create; `span`: across both columns of a two-column form. */
export function VoucherFormFooter({
  serverError,
  submitting,
  submitLabel,
  onCancel,
  span = false,
}: {
  serverError: string | null;
  submitting: boolean;
  submitLabel: string;
  onCancel: () => void;
  span?: boolean;
}) {
  const alert = serverError ? <FormAlert>{serverError}</FormAlert> : null;
  return (
    <>
      {span && alert ? <div className="sm:col-span-2">{alert}</div> : alert}
      <div className={`flex flex-col-reverse gap-2 ${span ? 'sm:col-span-2 ' : ''}sm:flex-row sm:justify-end`}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={submitting}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
