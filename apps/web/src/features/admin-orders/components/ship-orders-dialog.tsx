import { useId, useRef, useState } from 'react';
import type { TAdminOrder, TOrderShipResult } from '@lbs/domain/admin-responses';
import { CARRIER_CODES, carrierName, carrierTrackingUrl, isCarrierCode, isKnownCarrier, type CarrierCode, type ShipOutcome } from '@lbs/domain/carriers';
import { ZOrderShipBody, type TOrderShipBody } from '@lbs/domain/schemas';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { FieldFrame } from '../../../components/ui/field-frame';
import { FormAlert } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { toApiError } from '../../../lib/api-error';

interface ShipmentDraft {
  order: TAdminOrder;
  carrier: CarrierCode | '';
  track_num: string;
  carrier_name: string;
  track_url: string;
}

type FieldErrors = Record<number, Partial<Record<'carrier' | 'track_num' | 'carrier_name' | 'track_url', string>>>;

const OUTCOME_WORDS: Record<ShipOutcome, string> = { shipped: 'Shipped', unchanged: 'Unchanged', refused: 'Refused' };

/** A draft per order, starting from what the order already has (a listed carrier, its number). */
function draftOf(order: TAdminOrder): ShipmentDraft {
  return {
    order,
    carrier: isCarrierCode(order.carrier) ? order.carrier : '',
    track_num: order.track_num,
    carrier_name: order.carrier === 'other' ? order.carrier_name : '',
    track_url: order.carrier === 'other' ? order.track_url : '',
  };
}

/** The request, each order with its own carrier; a listed carrier's name and link are the server's. */
function shipBody(drafts: readonly ShipmentDraft[]) {
  return {
    orders: drafts.map((d) => ({
      order_id: d.order.order_id,
      carrier: d.carrier,
      track_num: d.track_num,
      ...(d.carrier === 'other' ? { carrier_name: d.carrier_name, track_url: d.track_url } : {}),
    })),
  };
}

/**
 * "Mark shipped" for the orders selected in ORDERS: each with its own carrier and tracking number
 * (a listed carrier's link shown as it will be sent; `other` names the carrier and may give a link),
 * checked by the request's own schema before it is sent. The answer stays in the dialog, order by
 * order: shipped, unchanged (already shipped alike: nobody is mailed twice) or refused and why.
 */
export function ShipOrdersDialog({
  orders,
  onClose,
  onShip,
}: {
  /** The selected orders; null: closed. */
  orders: readonly TAdminOrder[] | null;
  onClose: (result: TOrderShipResult | null) => void;
  onShip: (body: TOrderShipBody) => Promise<TOrderShipResult>;
}) {
  return orders ? <ShipOrdersForm key={orders.map((o) => o.order_id).join(',')} orders={orders} onClose={onClose} onShip={onShip} /> : null;
}

function ShipOrdersForm({
  orders,
  onClose,
  onShip,
}: {
  orders: readonly TAdminOrder[];
  onClose: (result: TOrderShipResult | null) => void;
  onShip: (body: TOrderShipBody) => Promise<TOrderShipResult>;
}) {
  const [drafts, setDrafts] = useState(() => orders.map(draftOf));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  // A ref, not the state: a double click lands twice before React re-renders the disabled button.
  const inFlight = useRef(false);
  const [result, setResult] = useState<TOrderShipResult | null>(null);
  const formId = useId();

  const change = (i: number, patch: Partial<ShipmentDraft>) => setDrafts((all) => all.map((d, j) => (j === i ? { ...d, ...patch } : d)));

  const submit = async () => {
    setFailure(null);
    const parsed = ZOrderShipBody.safeParse(shipBody(drafts));
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const [, index, field] = issue.path;
        if (typeof index === 'number' && (field === 'carrier' || field === 'track_num' || field === 'carrier_name' || field === 'track_url')) {
          found[index] = { ...found[index], [field]: issue.message };
        }
      }
      setErrors(found);
      return;
    }
    setErrors({});
    // One request however often the button is pressed (the server would answer a second with "unchanged").
    if (inFlight.current) return;
    inFlight.current = true;
    setSending(true);
    try {
      setResult(await onShip(parsed.data));
    } catch (err) {
      setFailure(toApiError(err).message);
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  const close = () => onClose(result);
  return (
    <Dialog
      open
      wide
      onClose={close}
      title={result ? 'Shipping done' : `Mark ${orders.length} ${orders.length === 1 ? 'order' : 'orders'} shipped`}
      footer={
        result ? (
          <Button onClick={close}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" form={formId} disabled={sending}>
              {sending ? 'Shipping...' : 'Mark shipped'}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <ul aria-label="What happened to each order" className="flex flex-col gap-2">
          {result.results.map((r) => (
            <li key={r.order_id} className={`rounded-lg border px-3 py-2 text-sm ${r.outcome === 'refused' ? 'border-red-200 bg-red-50' : 'border-slate-200'}`}>
              <span className="font-semibold text-ink">
                #{r.order_id}: {OUTCOME_WORDS[r.outcome]}
              </span>{' '}
              <span className="text-slate-700">{r.detail}</span>
              {r.track_url ? (
                <a href={r.track_url} target="_blank" rel="noreferrer" className="mt-0.5 block break-all text-brand-700 underline">
                  {r.track_url}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <form
          id={formId}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
          className="flex flex-col gap-4"
        >
          <p className="text-sm text-slate-600">Each customer is notified and mailed once, with the carrier’s tracking link.</p>
          {drafts.map((d, i) => {
            const listed = isCarrierCode(d.carrier) && isKnownCarrier(d.carrier) ? d.carrier : null;
            const link = listed ? carrierTrackingUrl(listed, d.track_num) : '';
            const e = errors[i] ?? {};
            return (
              <fieldset key={d.order.order_id} className="rounded-xl border border-slate-200 p-4">
                <legend className="px-1 text-sm font-semibold text-ink">
                  Order #{d.order.order_id} · {d.order.shipping_info?.name || d.order.email}
                </legend>
                <p className="mb-3 text-xs text-slate-500">{d.order.products.map((p) => `${p.name} × ${p.quantity}`).join(', ')}</p>
                <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                  <FieldFrame label="Carrier" error={e.carrier}>
                    {(c) => (
                      <select {...c} className={`${c.className} h-10.5`} value={d.carrier} onChange={(ev) => change(i, { carrier: isCarrierCode(ev.target.value) ? ev.target.value : '' })}>
                        <option value="">Choose…</option>
                        {CARRIER_CODES.map((code) => (
                          <option key={code} value={code}>
                            {carrierName(code)}
                          </option>
                        ))}
                      </select>
                    )}
                  </FieldFrame>
                  <TextField label="Tracking number" autoComplete="off" value={d.track_num} error={e.track_num} onChange={(ev) => change(i, { track_num: ev.target.value })} />
                  {d.carrier === 'other' ? (
                    <>
                      <TextField label="Carrier name" autoComplete="off" value={d.carrier_name} error={e.carrier_name} onChange={(ev) => change(i, { carrier_name: ev.target.value })} />
                      <TextField
                        label="Tracking URL"
                        type="url"
                        inputMode="url"
                        autoComplete="off"
                        placeholder="https://"
                        value={d.track_url}
                        error={e.track_url}
                        onChange={(ev) => change(i, { track_url: ev.target.value })}
                      />
                    </>
                  ) : null}
                </div>
                {link ? (
                  <p className="mt-2 text-xs text-slate-600">
                    Tracking link: <span className="break-all">{link}</span>
                  </p>
                ) : null}
              </fieldset>
            );
          })}
          {failure ? <FormAlert>{failure}</FormAlert> : null}
        </form>
      )}
    </Dialog>
  );
}
