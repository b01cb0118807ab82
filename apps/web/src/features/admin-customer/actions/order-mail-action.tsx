import { useState } from 'react';
import type { TOrder } from '@lbs/domain/responses';
import { Button } from '../../../components/ui/button';
import { useResendOrderMailMutation } from './api';
import { ActionDialog } from './action-dialog';
import { runAction } from './run-action';

/** Resend an order's receipt from the customer page; only a paid order has one. */
export function OrderMailAction({ order }: { order: Pick<TOrder, 'order_id' | 'payment_status' | 'email'> }) {
  const [open, setOpen] = useState(false);
  const [resend] = useResendOrderMailMutation();
  if (order.payment_status !== 'paid') return null;
  return (
    <>
      <Button variant="secondary" className="!px-3 !py-1.5" aria-label={`Resend the receipt of order #${order.order_id}`} onClick={() => setOpen(true)}>
        Resend receipt
      </Button>
      <ActionDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Resend receipt"
        confirmLabel="Send"
        busyLabel="Sending…"
        onConfirm={() => runAction(() => resend(order.order_id).unwrap(), `Receipt of order #${order.order_id} mailed to ${order.email}`, 'The receipt was not sent')}
      >
        <p>
          Mail the receipt of order <strong className="text-ink">#{order.order_id}</strong> (with its invoice number and licence keys) to{' '}
          <span className="font-semibold text-ink [overflow-wrap:anywhere]">{order.email}</span> again?
        </p>
      </ActionDialog>
    </>
  );
}
