import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { TAdminOrder, TOrderShipResult } from '@lbs/domain/admin-responses';
import { ShipOrdersDialog } from './ship-orders-dialog';
import { stubModalDialogs } from '../../../test/modal-dialogs';

beforeAll(stubModalDialogs);
afterEach(cleanup);

const order = (id: number, patch: Partial<TAdminOrder> = {}): TAdminOrder => ({
  order_id: id,
  user_id: 7,
  status: 'processing',
  payment_status: 'paid',
  created_at: '2030-01-02T03:04:05.000Z',
  paid_at: '2030-01-02T03:05:00.000Z',
  email: `c${id}@example.com`,
  shipping_info: { name: `Buyer ${id}`, email: `c${id}@example.com`, address: '1 Marina Boulevard', city: 'Singapore', state: 'Central', zip: '018956', country: 'SG' },
  products: [{ order_line_id: 1, product_id: 2, name: 'Adhesion Roller', quantity: 1, price: 300, refunded_quantity: 0 }],
  track_num: '',
  track_url: '',
  carrier: '',
  carrier_name: '',
  estimate_date: '',
  subtotal: 300,
  shipping_fee: 21,
  discount: 0,
  total: 321,
  refunded: 0,
  cancelled_at: null,
  refunds: [],
  currency: 'usd',
  ...patch,
});

const RESULT: TOrderShipResult = {
  results: [
    { order_id: 1, outcome: 'shipped', detail: 'Marked shipped; the customer was notified and mailed.', track_url: 'https://www.ups.com/track?loc=en_SG&tracknum=1Z1' },
    { order_id: 2, outcome: 'refused', detail: 'Not paid, so not shipped.', track_url: '' },
  ],
};

function renderDialog(onShip = vi.fn().mockResolvedValue(RESULT), orders = [order(1), order(2)]) {
  const onClose = vi.fn();
  render(<ShipOrdersDialog orders={orders} onClose={onClose} onShip={onShip} />);
  const dialog = screen.getByRole('dialog', { name: `Mark ${orders.length} orders shipped` });
  const group = (id: number) => within(dialog).getByRole('group', { name: new RegExp(`^Order #${id} `) });
  const submit = () => act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Mark shipped' })));
  return { dialog, group, submit, onShip, onClose };
}

describe('ShipOrdersDialog', () => {
  it('asks every order for its carrier and number before sending anything', async () => {
    const { group, submit, onShip } = renderDialog();
    fireEvent.change(within(group(2)).getByLabelText('Carrier'), { target: { value: 'other' } });
    fireEvent.change(within(group(2)).getByLabelText('Tracking number'), { target: { value: 'KX-2' } });
    await submit();
    expect(onShip).not.toHaveBeenCalled();
    expect(within(group(1)).getByText('Choose a carrier.')).toBeTruthy();
    expect(within(group(1)).getByText('Enter the tracking number.')).toBeTruthy();
    expect(within(group(2)).getByText('Name the carrier.')).toBeTruthy();
  });

  it('sends each order with its own carrier, a listed one without name or link, then shows each answer', async () => {
    const { dialog, group, submit, onShip, onClose } = renderDialog();
    fireEvent.change(within(group(1)).getByLabelText('Carrier'), { target: { value: 'ups' } });
    fireEvent.change(within(group(1)).getByLabelText('Tracking number'), { target: { value: '1Z1' } });
    expect(within(group(1)).getByText('https://www.ups.com/track?loc=en_SG&tracknum=1Z1')).toBeTruthy();
    fireEvent.change(within(group(2)).getByLabelText('Carrier'), { target: { value: 'other' } });
    fireEvent.change(within(group(2)).getByLabelText('Tracking number'), { target: { value: 'KX-2' } });
    fireEvent.change(within(group(2)).getByLabelText('Carrier name'), { target: { value: 'Kerry Express' } });
    fireEvent.change(within(group(2)).getByLabelText('Tracking URL'), { target: { value: 'https://kerry.example.com/KX-2' } });
    await submit();
    expect(onShip).toHaveBeenCalledTimes(1);
    expect(onShip).toHaveBeenCalledWith({
      orders: [
        { order_id: 1, carrier: 'ups', track_num: '1Z1' },
        { order_id: 2, carrier: 'other', track_num: 'KX-2', carrier_name: 'Kerry Express', track_url: 'https://kerry.example.com/KX-2' },
      ],
    });
    const answers = await screen.findByRole('list', { name: 'What happened to each order' });
    expect(within(answers).getByText('#1: Shipped')).toBeTruthy();
    expect(within(answers).getByText('#2: Refused')).toBeTruthy();
    expect(within(answers).getByText('Not paid, so not shipped.')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Shipping done' })).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledWith(RESULT);
    expect(dialog).toBeTruthy();
  });

  it('starts from what an order already has', () => {
    const { group } = renderDialog(undefined, [order(1, { status: 'shipped', carrier: 'jne', track_num: 'JNE1' }), order(2)]);
    expect((within(group(1)).getByLabelText('Carrier') as HTMLSelectElement).value).toBe('jne');
    expect((within(group(1)).getByLabelText('Tracking number') as HTMLInputElement).value).toBe('JNE1');
  });
});
