import { useId, useState, type ReactNode } from 'react';
import type { TAdminOrder } from '@lbs/domain/admin-responses';
import type { TOrderUpdateBody } from '@lbs/domain/schemas';
import { isOrderStatus } from '@lbs/domain/statuses';
import { OrderDetails } from '../../../components/orders/order-details';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { EmailText } from '../../../components/ui/email-text';
import { OrderEditForm } from './order-edit-form';

/**
 * The order dialog with the admin flag (spec §6): the customer's details, stepper and products,
 * and status, tracking number, carrier, estimate date and tracking URL editable. Any status may be
 * chosen (an admin fixes mistakes too); the tracking URL must be http(s), by the same schema the
 * server applies. Saved: the spec's toast and the dialog closes (the list reloads by its tag).
 */
export function OrderEditDialog({
  order,
  onClose,
  onSave,
  payment,
}: {
  order: TAdminOrder | null;
  onClose: () => void;
  onSave: (orderId: number, body: TOrderUpdateBody) => Promise<unknown>;
  /** The payment section (state, refunds, Refund… and Cancel order…); the customer's view if left out. */
  payment?: ReactNode;
}) {
  const formId = useId();
  const [saving, setSaving] = useState(false);
  // Cancelled or being cancelled: nothing left to edit (the server refuses it too).
  const status = order && isOrderStatus(order.status) ? order.status : null;
  return (
    <Dialog
      open={order !== null}
      onClose={onClose}
      title={order ? `Order #${order.order_id}` : 'Order'}
      wide
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          {status ? (
            <Button type="submit" form={formId} disabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </Button>
          ) : null}
        </>
      }
    >
      {order ? (
        <OrderDetails
          order={order}
          payment={payment}
          moreFacts={[
            ['Email', <EmailText email={order.email} />],
            ['Ships to', shipsTo(order)],
          ]}
          tracking={
            status ? (
              <OrderEditForm
                key={order.order_id}
                id={formId}
                order={order}
                status={status}
                onSaving={setSaving}
                onSave={(body) => onSave(order.order_id, body)}
                onSaved={onClose}
              />
            ) : undefined
          }
        />
      ) : null}
    </Dialog>
  );
}

/** Street, state and postal code (name, city and country are facts of their own). */
function shipsTo(order: TAdminOrder): string {
  const s = order.shipping_info;
  if (!s) return '';
  return [s.address, [s.state, s.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}
