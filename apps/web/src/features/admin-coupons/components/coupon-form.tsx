import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DISCOUNT_TYPES, type TCouponBody } from '@lbs/domain/schemas';
import {
  COUPON_FORM_DEFAULTS,
  localDay,
  ZCouponForm,
  type TCouponFormInput,
} from '@lbs/domain/voucher-forms';
import { TextField } from '../../../components/ui/text-field';
import { DISCOUNT_TYPE_LABEL } from '../format';
import { ExpiryDateField, RedemptionLimitField, useVoucherSubmit, VoucherFormFooter } from './voucher-fields';

/**
 * The Create Coupon form. It hands the request body (amounts in cents, the expiry as an ISO
 * instant) to onSubmit; a refusal from onSubmit shows the server's detail above the buttons.
 */
export function CouponForm({
  onSubmit,
  onCancel,
}: {
  onSubmit: (body: TCouponBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { serverError, submit } = useVoucherSubmit(onSubmit);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<TCouponFormInput, unknown, TCouponBody>({
    resolver: zodResolver(ZCouponForm),
    defaultValues: COUPON_FORM_DEFAULTS,
  });
  const [type, limited, expires] = useWatch({
    control,
    name: ['discount_type', 'max_redemptions_enabled', 'redeem_by_enabled'],
  });

  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit(submit)(e)}
      className="grid gap-4 sm:grid-cols-2"
      aria-label="Create coupon"
    >
      <TextField
        label="Coupon name"
        className="sm:col-span-2"
        autoComplete="off"
        maxLength={40}
        error={errors.name?.message}
        {...register('name')}
      />
      <fieldset>
        <legend className="mb-1.5 block text-sm font-medium text-slate-700">Discount type</legend>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-1">
          {DISCOUNT_TYPES.map((t) => (
            <label
              key={t}
              className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2.5 text-sm text-ink has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-100"
            >
              <input
                type="radio"
                value={t}
                className="h-4 w-4 accent-brand-600"
                {...register('discount_type')}
              />
              {DISCOUNT_TYPE_LABEL[t]}
            </label>
          ))}
        </div>
      </fieldset>
      <TextField
        label={type === 'amount' ? 'Discount value (USD)' : 'Discount value (%)'}
        hint={
          type === 'amount'
            ? 'Dollars taken off the licences in the order, e.g. 25.00'
            : 'A whole percentage from 1 to 100'
        }
        inputMode="decimal"
        autoComplete="off"
        error={errors.discount_value?.message}
        {...register('discount_value')}
      />
      <div className="grid gap-4 rounded-xl bg-slate-50 p-4 sm:col-span-2 sm:grid-cols-2">
        <div className="space-y-3">
          <RedemptionLimitField
            toggle={register('max_redemptions_enabled')}
            field={register('max_redemptions')}
            on={limited}
            error={errors.max_redemptions?.message}
            hint="Counted across all of the coupon's promotion codes"
          />
        </div>
        <div className="space-y-3">
          <ExpiryDateField
            toggle={register('redeem_by_enabled')}
            field={register('redeem_by')}
            on={expires}
            error={errors.redeem_by?.message}
            hint="Usable until the end of this day"
            min={localDay()}
          />
        </div>
      </div>
      <VoucherFormFooter serverError={serverError} submitting={isSubmitting} submitLabel="Create Coupon" onCancel={onCancel} span />
    </form>
  );
}
