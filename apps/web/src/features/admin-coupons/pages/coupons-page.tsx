import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { MSG } from '@lbs/domain/messages';
import { pageCount } from '@lbs/domain/paging';
import type { TCouponBody } from '@lbs/domain/schemas';
import type { TPromotionFormBody } from '@lbs/domain/voucher-forms';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { Dialog } from '../../../components/ui/dialog';
import { ListToolbar } from '../../../components/ui/list-toolbar';
import { Pager } from '../../../components/ui/pager';
import {
  useCouponsQuery,
  useCreateCouponMutation,
  useCreatePromotionMutation,
  useDeleteCouponMutation,
  type Coupon,
} from '../api';
import { CouponDetailDialog } from '../components/coupon-detail-dialog';
import { CouponForm } from '../components/coupon-form';
import { PromotionForm } from '../components/promotion-form';
import { DISCOUNT_TYPE_LABEL, discountGivenText, discountText, expiryText, limitText } from '../format';
import { withProgressToast } from '../progress-toast';

/** The back office's COUPONS section: the coupon list, a coupon's codes, and the create and delete dialogs. */
export function CouponsPage() {
  const [page, setPage] = useState(1);
  const { data, isLoading, isFetching, isError, refetch } = useCouponsQuery({ page });
  const [createCoupon] = useCreateCouponMutation();
  const [createPromotion] = useCreatePromotionMutation();
  const [deleteCoupon, { isLoading: deletingNow }] = useDeleteCouponMutation();
  const [creating, setCreating] = useState(false);
  const [shown, setShown] = useState<Coupon | null>(null);
  const [promotionFor, setPromotionFor] = useState<Coupon | null>(null);
  const [deleting, setDeleting] = useState<Coupon | null>(null);

  useEffect(() => {
    if (isError) toast.error(MSG.failedToLoadCoupons, { toastId: 'coupons-load' });
  }, [isError]);

  const lastPage = data ? pageCount(data.total, data.page_size) : 1;

  const submitCoupon = async (body: TCouponBody) => {
    await withProgressToast(
      { busy: MSG.creatingCoupon, done: MSG.couponCreated, failed: MSG.failedToCreateCoupon },
      () => createCoupon(body).unwrap(),
    );
    setCreating(false);
    setPage(1);
  };

  const submitPromotion = async (coupon: Coupon, body: TPromotionFormBody) => {
    await withProgressToast(
      {
        busy: MSG.creatingPromotion,
        done: MSG.promotionCreated,
        failed: MSG.failedToCreatePromotion,
      },
      () => createPromotion({ ...body, coupon_id: coupon.id }).unwrap(),
    );
    setPromotionFor(null);
  };

  const confirmDelete = async () => {
    const coupon = deleting;
    if (!coupon) return;
    try {
      await withProgressToast(
        { busy: MSG.deletingCoupon, done: MSG.deleted, failed: MSG.deleteFailed },
        () => deleteCoupon(coupon.id).unwrap(),
      );
      if (shown?.id === coupon.id) setShown(null);
      // The last coupon of a page is gone: show the page before it rather than an empty one.
      if (page > 1 && data?.items.length === 1) setPage(page - 1);
    } catch {
      // The toast has said it failed; the coupon stays in the list.
    }
    setDeleting(null);
  };

  const columns: Array<Column<Coupon>> = [
    {
      key: 'name',
      header: 'Name',
      card: 'title',
      cell: (c) => (
        <button
          type="button"
          onClick={() => setShown(c)}
          className="text-left font-semibold text-brand-700 underline-offset-2 hover:underline [overflow-wrap:anywhere]"
        >
          {c.name}
        </button>
      ),
    },
    { key: 'type', header: 'Type', cell: (c) => DISCOUNT_TYPE_LABEL[c.discount_type] },
    { key: 'value', header: 'Value', cell: (c) => discountText(c) },
    { key: 'max', header: 'Max Uses', cell: (c) => limitText(c.max_redemptions) },
    { key: 'paid-uses', header: 'Paid Uses', className: 'tabular-nums', cell: (c) => c.paid_redemptions.toLocaleString('en-US') },
    { key: 'discount-given', header: 'Discount Given', className: 'whitespace-nowrap tabular-nums', cell: (c) => discountGivenText(c.discount_given) },
    {
      key: 'expires',
      header: 'Expires',
      className: 'whitespace-nowrap',
      cell: (c) => expiryText(c.redeem_by),
    },
    {
      key: 'actions',
      header: 'Actions',
      card: 'actions',
      className: 'text-right',
      cell: (c) => (
        <button
          type="button"
          onClick={() => setDeleting(c)}
          aria-label={`Delete ${c.name}`}
          className="rounded-lg border border-red-200 px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50"
        >
          Delete
        </button>
      ),
    },
  ];

  return (
    <section aria-labelledby="coupons-heading">
      <ListToolbar
        headingId="coupons-heading"
        title={MSG.couponManagement}
        actions={<Button onClick={() => setCreating(true)}>{MSG.createCoupon}</Button>}
        className="mb-4"
      />
      <DataTable
        caption="Coupons"
        columns={columns}
        rows={data?.items}
        rowKey={(c) => c.id}
        loading={isLoading}
        failed={isError && { onRetry: () => void refetch(), retrying: isFetching, message: MSG.failedToLoadCoupons }}
        empty={MSG.noCoupons}
      />
      <Pager page={page} totalPages={lastPage} onChange={setPage} label="Coupon pages" />

      <Dialog open={creating} onClose={() => setCreating(false)} title="Create Coupon" wide>
        {creating ? (
          <CouponForm onSubmit={submitCoupon} onCancel={() => setCreating(false)} />
        ) : null}
      </Dialog>
      <CouponDetailDialog
        coupon={shown}
        onClose={() => setShown(null)}
        onAddPromotion={setPromotionFor}
      />
      <Dialog
        open={promotionFor !== null}
        onClose={() => setPromotionFor(null)}
        title={promotionFor ? `Create Promotion for ${promotionFor.name}` : 'Create Promotion'}
      >
        {promotionFor ? (
          <PromotionForm
            couponRedeemBy={promotionFor.redeem_by}
            onSubmit={(body) => submitPromotion(promotionFor, body)}
            onCancel={() => setPromotionFor(null)}
          />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete coupon"
        confirmLabel="Delete"
        danger
        busy={deletingNow}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>
          Delete <strong className="text-ink [overflow-wrap:anywhere]">{deleting?.name}</strong>? Its
          promotion codes stop working at once. Orders that already used them keep their discount.
        </p>
      </ConfirmDialog>
    </section>
  );
}
