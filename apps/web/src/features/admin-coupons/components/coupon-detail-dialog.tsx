import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { MSG } from '@lbs/domain/messages';
import { pageCount } from '@lbs/domain/paging';
import { Button } from '../../../components/ui/button';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { Pager } from '../../../components/ui/pager';
import {
  usePromotionsQuery,
  useSetPromotionStatusMutation,
  type Coupon,
  type Promotion,
} from '../api';
import {
  DISCOUNT_TYPE_LABEL,
  discountGivenText,
  discountText,
  expiryText,
  limitText,
  minimumOrderText,
} from '../format';
import { withProgressToast } from '../progress-toast';

/** A coupon's facts and its promotion codes, each of which can be turned on and off. */
export function CouponDetailDialog({
  coupon,
  onClose,
  onAddPromotion,
}: {
  coupon: Coupon | null;
  onClose: () => void;
  onAddPromotion: (coupon: Coupon) => void;
}) {
  return (
    <Dialog
      open={coupon !== null}
      onClose={onClose}
      title={coupon?.name ?? 'Coupon'}
      wide="table"
      footer={
        coupon ? (
          <>
            <Button variant="secondary" onClick={() => onAddPromotion(coupon)}>
              {MSG.addPromotion}
            </Button>
            <Button onClick={onClose}>Close</Button>
          </>
        ) : null
      }
    >
      {/* Keyed by coupon: another coupon starts again at its first page of codes. */}
      {coupon ? <CouponDetail key={coupon.id} coupon={coupon} /> : null}
    </Dialog>
  );
}

function CouponDetail({ coupon }: { coupon: Coupon }) {
  const [page, setPage] = useState(1);
  const { data, isLoading, isFetching, isError, refetch } = usePromotionsQuery({ couponId: coupon.id, page });
  const [setStatus] = useSetPromotionStatusMutation();
  const [busyId, setBusyId] = useState<string | null>(null);

  useEffect(() => {
    if (isError) toast.error(MSG.failedToLoadPromotions, { toastId: `promotions-${coupon.id}` });
  }, [isError, coupon.id]);

  const toggle = async (promotion: Promotion) => {
    const activate = !promotion.active;
    setBusyId(promotion.id);
    try {
      await withProgressToast(
        {
          busy: activate ? MSG.activating : MSG.deactivating,
          done: activate ? MSG.promotionActivated : MSG.promotionDeactivated,
          failed: MSG.failedToUpdateStatus,
        },
        () => setStatus({ id: promotion.id, active: activate }).unwrap(),
      );
    } catch {
      // The toast has said it failed; the list is unchanged.
    } finally {
      setBusyId(null);
    }
  };

  const columns: Array<Column<Promotion>> = [
    {
      key: 'code',
      header: 'Code',
      card: 'title',
      cell: (p) => <span className="font-mono font-semibold break-all text-ink">{p.code}</span>,
    },
    {
      key: 'status',
      header: 'Status',
      cell: (p) => (
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${p.active ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'}`}
        >
          {p.active ? MSG.promotionActive : MSG.promotionInactive}
        </span>
      ),
    },
    {
      key: 'max',
      header: 'Max Uses',
      className: 'whitespace-nowrap',
      cell: (p) => limitText(p.max_redemptions),
    },
    {
      // One column for both figures: the dialog is narrower than the page, and the Action must stay in view.
      key: 'paid-uses',
      header: 'Paid Uses',
      className: 'whitespace-nowrap tabular-nums',
      cell: (p) => (
        <>
          {p.paid_redemptions.toLocaleString('en-US')}
          <span className="block text-xs text-slate-500">{discountGivenText(p.discount_given)} given</span>
        </>
      ),
    },
    {
      key: 'expires',
      header: 'Expires',
      className: 'whitespace-nowrap',
      cell: (p) => expiryText(p.expires_at),
    },
    {
      key: 'minimum',
      header: 'Min Order',
      className: 'whitespace-nowrap',
      cell: (p) => minimumOrderText(p.restrictions.minimum_amount),
    },
    {
      key: 'action',
      header: 'Action',
      className: 'text-right',
      cell: (p) => (
        <button
          type="button"
          onClick={() => void toggle(p)}
          disabled={busyId === p.id}
          aria-label={`${p.active ? 'Deactivate' : 'Activate'} ${p.code}`}
          className={`rounded-lg border px-3 py-1.5 text-sm font-semibold disabled:opacity-50 ${
            p.active
              ? 'border-slate-300 text-slate-700 hover:bg-slate-50'
              : 'border-brand-600 text-brand-700 hover:bg-brand-50'
          }`}
        >
          {p.active ? 'Deactivate' : 'Activate'}
        </button>
      ),
    },
  ];

  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-[1.4fr_1fr_1fr_1fr]">
        <Fact label="Type" value={DISCOUNT_TYPE_LABEL[coupon.discount_type]} />
        <Fact label="Value" value={discountText(coupon)} />
        <Fact
          label="Uses"
          value={limitText(coupon.max_redemptions)}
          note={`${coupon.times_redeemed} redeemed`}
        />
        <Fact label="Expires" value={expiryText(coupon.redeem_by)} />
      </dl>
      <section aria-labelledby="promotion-codes-heading">
        <h3 id="promotion-codes-heading" className="mb-3 text-base font-semibold text-ink">
          Promotion codes
        </h3>
        <DataTable
          caption={`Promotion codes of ${coupon.name}`}
          columns={columns}
          rows={data?.items}
          rowKey={(p) => p.id}
          loading={isLoading}
          failed={isError && { onRetry: () => void refetch(), retrying: isFetching, message: MSG.failedToLoadPromotions }}
          empty={MSG.noPromotions}
          dense
        />
        {data ? (
          <Pager
            page={page}
            totalPages={pageCount(data.total, data.page_size)}
            onChange={setPage}
            label="Promotion code pages"
          />
        ) : null}
      </section>
    </div>
  );
}

function Fact({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-xl bg-slate-50 px-3 py-2.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 font-semibold text-ink">
        {value}
        {note ? <span className="block text-xs font-normal text-slate-600">{note}</span> : null}
      </dd>
    </div>
  );
}
