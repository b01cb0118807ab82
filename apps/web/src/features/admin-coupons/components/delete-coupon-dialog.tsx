import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import type { Coupon } from '../api';

/** Asks before a coupon is deleted (its codes stop working at once). */
export function DeleteCouponDialog({
  coupon,
  busy,
  onConfirm,
  onCancel,
}: {
  coupon: Coupon | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={coupon !== null}
      onClose={onCancel}
      title="Delete coupon"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="danger" onClick={onConfirm} disabled={busy}>
            Delete
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700">
        Delete <strong className="text-ink [overflow-wrap:anywhere]">{coupon?.name}</strong>? Its
        promotion codes stop working at once. Orders that already used them keep their discount.
      </p>
    </Dialog>
  );
}
