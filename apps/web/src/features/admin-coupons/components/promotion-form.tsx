import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  promotionFieldStart,
  promotionFormDefaults,
  ZPromotionForm,
  type TPromotionFormBody,
  type TPromotionFormInput,
} from '@lbs/domain/voucher-forms';
import { TextField } from '../../../components/ui/text-field';
import { expiryText } from '../format';
import { CheckboxField } from './checkbox-field';
import { ExpiryDateField, RedemptionLimitField, useVoucherSubmit, VoucherFormFooter } from './voucher-fields';

/**
 * The Create Promotion form. A ticked box starts its field at the spec's value (1 use, today,
 * $1); the minimum order is typed in dollars and sent in cents. A refusal from onSubmit (a code
 * already taken, an expiry past the coupon's) shows the server's detail.
 */
export function PromotionForm({
  couponRedeemBy,
  onSubmit,
  onCancel,
}: {
  /** The coupon's own end (epoch seconds): a code cannot outlive it. */
  couponRedeemBy: number | null;
  onSubmit: (body: TPromotionFormBody) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { serverError, submit } = useVoucherSubmit(onSubmit);
  const {
    register,
    handleSubmit,
    control,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<TPromotionFormInput, unknown, TPromotionFormBody>({
    resolver: zodResolver(ZPromotionForm),
    defaultValues: promotionFormDefaults(),
  });
  const [limited, expires, minimum] = useWatch({
    control,
    name: ['max_redemptions_enabled', 'expires_at_enabled', 'minimum_amount_enabled'],
  });

  /** Ticking a box puts its field back at its starting value. */
  const startsField = (field: 'max_redemptions' | 'expires_at' | 'minimum_amount') => ({
    onChange: (e: { target: { checked: boolean } }) => {
      if (e.target.checked) setValue(field, promotionFieldStart()[field]);
    },
  });

  const couponEnd = couponRedeemBy === null ? undefined : expiryText(couponRedeemBy);
  return (
    <form
      noValidate
      onSubmit={(e) => void handleSubmit(submit)(e)}
      className="space-y-4"
      aria-label="Create promotion"
    >
      <TextField
        label="Promotion code"
        hint="What customers type at checkout; letters, digits, - and _ (any letter case)"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        error={errors.code?.message}
        {...register('code')}
      />
      <div className="space-y-3 rounded-xl bg-slate-50 p-4">
        <RedemptionLimitField
          toggle={register('max_redemptions_enabled', startsField('max_redemptions'))}
          field={register('max_redemptions')}
          on={limited}
          error={errors.max_redemptions?.message}
        />
        <ExpiryDateField
          toggle={register('expires_at_enabled', startsField('expires_at'))}
          field={register('expires_at')}
          on={expires}
          error={errors.expires_at?.message}
          hint={
            couponEnd
              ? `Usable until the end of this day; the coupon itself ends on ${couponEnd}`
              : 'Usable until the end of this day'
          }
          max={couponEnd}
        />
        <CheckboxField
          label="Require a minimum order value"
          {...register('minimum_amount_enabled', startsField('minimum_amount'))}
        />
        {minimum ? (
          <TextField
            label="Minimum order (USD)"
            hint="The items in the order, before shipping, must add up to at least this"
            inputMode="decimal"
            autoComplete="off"
            error={errors.minimum_amount?.message}
            {...register('minimum_amount')}
          />
        ) : null}
      </div>
      <VoucherFormFooter serverError={serverError} submitting={isSubmitting} submitLabel="Create Promotion" onCancel={onCancel} />
    </form>
  );
}
