import type { ReactNode } from 'react';
import { formatUsd } from '@lbs/domain/cart';
import { MSG } from '@lbs/domain/messages';
import type { FeeStatus } from '../hooks/use-shipping-fee';

function Row({
  label,
  children,
  strong = false,
}: {
  label: string;
  children: ReactNode;
  strong?: boolean;
}) {
  return (
    <div
      className={`flex items-baseline justify-between gap-4 ${strong ? 'text-base font-bold text-ink' : 'text-sm text-slate-600'}`}
    >
      <dt>{label}</dt>
      <dd className={strong ? '' : 'font-medium text-ink'}>{children}</dd>
    </div>
  );
}

/** Subtotal, shipping fee, discount and total; the total only once the shipping fee is known. */
export function OrderSummary(props: {
  subtotal: number;
  needsShipping: boolean;
  shippingFee: number;
  feeStatus: FeeStatus;
  feeKnown: boolean;
  discount: number;
  total: number;
  promoBox: ReactNode;
}) {
  const { needsShipping, shippingFee, feeStatus } = props;
  let fee: ReactNode;
  if (!needsShipping) fee = <span className="text-emerald-700">{formatUsd(0)}</span>;
  else if (feeStatus === 'waiting') fee = <span className="text-slate-500">Calculating…</span>;
  else if (shippingFee > 0) fee = formatUsd(shippingFee);
  else fee = <span className="text-slate-400">—</span>;

  return (
    <div className="space-y-4">
      <dl className="space-y-2.5">
        <Row label="Subtotal">{formatUsd(props.subtotal)}</Row>
        <Row label="Shipping fee">
          <span aria-live="polite">{fee}</span>
        </Row>
        {props.discount > 0 ? (
          <Row label="Discount">
            <span className="text-emerald-700">−{formatUsd(props.discount)}</span>
          </Row>
        ) : null}
      </dl>
      {needsShipping && !props.feeKnown && feeStatus !== 'waiting' ? (
        <p className="text-xs text-slate-500">
          {feeStatus === 'failed' ? MSG.shippingQuoteFailed : MSG.enterPostalCodeForFee}
        </p>
      ) : null}
      <div className="border-t border-slate-200 pt-4">{props.promoBox}</div>
      <dl className="border-t border-slate-200 pt-4">
        <Row label="Total" strong>
          <span aria-live="polite" data-testid="order-total">
            {props.feeKnown ? (
              formatUsd(props.total)
            ) : (
              <span className="font-medium text-slate-400">—</span>
            )}
          </span>
        </Row>
      </dl>
    </div>
  );
}
