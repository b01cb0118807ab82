import { useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import type { TAdminOrder } from '@lbs/domain/admin-responses';
import { MSG } from '@lbs/domain/messages';
import { ZOrderUpdateBody, type TOrderUpdateBody } from '@lbs/domain/schemas';
import { CARRIER_CODES, carrierName, carrierTrackingUrl, isCarrierCode, isKnownCarrier, type CarrierCode } from '@lbs/domain/carriers';
import { ORDER_STATUSES, type OrderStatus } from '@lbs/domain/statuses';
import { DetailSection } from '../../../components/orders/order-details';
import { statusLabel } from '../../../components/orders/order-status';
import { FieldFrame } from '../../../components/ui/field-frame';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { toApiError } from '../../../lib/api-error';

type FormInput = z.input<typeof ZOrderUpdateBody>;

/**
 * What PUT /order/{id} is sent: a pending order has no tracking number yet (spec §4), so it goes
 * empty. A listed carrier's name and link are the server's to write, so only `other` sends them.
 */
function orderUpdateBody(values: TOrderUpdateBody): TOrderUpdateBody {
  const typed = values.carrier === 'other';
  return {
    status: values.status,
    track_num: values.status === 'pending' ? '' : (values.track_num ?? ''),
    carrier: values.carrier ?? '',
    carrier_name: typed ? (values.carrier_name ?? '') : '',
    estimate_date: values.estimate_date ?? '',
    track_url: typed ? (values.track_url ?? '') : '',
  };
}

/** The carrier the select starts on: the order's, or `other` for a name typed before the list. */
function initialCarrier(order: TAdminOrder): CarrierCode | '' {
  if (isCarrierCode(order.carrier)) return order.carrier;
  return order.carrier_name || order.track_url ? 'other' : '';
}


/** The order dialog's editor: status, tracking number, carrier, estimate and tracking URL. */
export function OrderEditForm({
  id,
  order,
  status: initialStatus,
  onSave,
  onSaving,
  onSaved,
}: {
  id: string;
  order: TAdminOrder;
  /** The order's step (a cancelled order has no editor). */
  status: OrderStatus;
  onSave: (body: TOrderUpdateBody) => Promise<unknown>;
  onSaving?: (saving: boolean) => void;
  onSaved: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<FormInput, unknown, TOrderUpdateBody>({
    resolver: zodResolver(ZOrderUpdateBody),
    defaultValues: {
      status: initialStatus,
      track_num: order.track_num,
      carrier: initialCarrier(order),
      carrier_name: order.carrier_name,
      estimate_date: order.estimate_date,
      track_url: order.track_url,
    },
  });
  const [status, carrier, trackNum] = useWatch({ control, name: ['status', 'carrier', 'track_num'] });
  const pending = status === 'pending';
  const listed = isCarrierCode(carrier) && isKnownCarrier(carrier) ? carrier : null;
  const derivedUrl = listed && !pending ? carrierTrackingUrl(listed, trackNum ?? '') : '';

  const save = async (values: TOrderUpdateBody) => {
    setFailure(null);
    onSaving?.(true);
    try {
      await onSave(orderUpdateBody(values));
      toast.success(MSG.statusUpdated);
      onSaved();
    } catch (err) {
      const reason = toApiError(err).message;
      setFailure(reason);
      // The spec shows this failure in a success-styled toast; its words and the alert in the
      // dialog say plainly that nothing was saved, and why.
      toast.success(
        <span>
          <strong className="block">{MSG.statusUpdateFailed}</strong>
          {reason}
        </span>,
      );
    } finally {
      onSaving?.(false);
    }
  };

  // The dialog scrolls: the focused field alone may leave its message below the fold.
  const showFirstError = () => {
    requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector('[aria-invalid="true"]');
      invalid?.parentElement?.scrollIntoView?.({ block: 'nearest' });
    });
  };

  return (
    <DetailSection id={`${id}-heading`} title="Status and tracking">
      <form ref={formRef} id={id} noValidate onSubmit={(e) => void handleSubmit(save, showFirstError)(e)} className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FieldFrame label="Status" error={errors.status?.message}>
          {(c) => (
            <select {...c} className={`${c.className} h-10.5`} {...register('status')}>
              {ORDER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {statusLabel(s)}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <TextField
          label="Tracking number"
          autoComplete="off"
          disabled={pending}
          hint={pending ? 'A pending order has no tracking number; it is cleared on save.' : undefined}
          error={errors.track_num?.message}
          {...register('track_num')}
        />
        <FieldFrame label="Carrier" error={errors.carrier?.message}>
          {(c) => (
            <select {...c} className={`${c.className} h-10.5`} {...register('carrier')}>
              <option value="">Not chosen</option>
              {CARRIER_CODES.map((code) => (
                <option key={code} value={code}>
                  {carrierName(code)}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <TextField label="Estimated delivery" type="date" error={errors.estimate_date?.message} {...register('estimate_date')} />
        {carrier === 'other' ? (
          <>
            <TextField className="sm:col-span-2" label="Carrier name" autoComplete="off" placeholder="e.g. Kerry Express" error={errors.carrier_name?.message} {...register('carrier_name')} />
            <TextField
              className="sm:col-span-2"
              label="Tracking URL"
              type="url"
              inputMode="url"
              autoComplete="off"
              placeholder="https://"
              error={errors.track_url?.message}
              {...register('track_url')}
            />
          </>
        ) : listed ? (
          <div className="sm:col-span-2 text-sm">
            <p className="font-medium text-slate-700">Tracking link</p>
            {derivedUrl ? (
              <a href={derivedUrl} target="_blank" rel="noreferrer" className="mt-1 block break-all text-brand-700 underline">
                {derivedUrl}
              </a>
            ) : (
              <p className="mt-1 text-slate-500">Built from the tracking number once it is entered.</p>
            )}
          </div>
        ) : null}
        {failure ? (
          <div className="sm:col-span-2">
            <FormAlert>
              {MSG.statusUpdateFailed}: {failure}
            </FormAlert>
          </div>
        ) : null}
      </form>
    </DetailSection>
  );
}
