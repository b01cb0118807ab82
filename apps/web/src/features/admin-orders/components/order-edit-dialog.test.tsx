import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import type { TAdminOrder } from '@lbs/domain/admin-responses';
import { MSG } from '@lbs/domain/messages';
import type { TOrderUpdateBody } from '@lbs/domain/schemas';
import { OrderEditDialog } from './order-edit-dialog';
import { stubModalDialogs } from '../../../test/modal-dialogs';

beforeAll(stubModalDialogs);
afterEach(cleanup);

const ORDER: TAdminOrder = {
  order_id: 4711,
  user_id: 7,
  status: 'shipped',
  payment_status: 'paid',
  created_at: '2030-01-02T03:04:05.000Z',
  paid_at: '2030-01-02T03:05:00.000Z',
  email: 'ana@example.com',
  shipping_info: { name: 'Ana Tan', email: 'ana@example.com', address: '1 Marina Boulevard', city: 'Singapore', state: 'Central', zip: '018956', country: 'SG' },
  products: [{ order_line_id: 1, product_id: 2, name: 'Adhesion Roller', quantity: 1, price: 300, refunded_quantity: 0 }],
  track_num: 'TRK-1',
  track_url: 'https://track.example.com/TRK-1',
  carrier: '',
  carrier_name: 'DHL Express',
  estimate_date: '2030-01-10',
  subtotal: 300,
  shipping_fee: 21,
  discount: 0,
  total: 321,
  refunded: 0,
  cancelled_at: null,
  refunds: [],
  currency: 'usd',
};

function renderDialog(onSave: (id: number, body: TOrderUpdateBody) => Promise<unknown>, order: TAdminOrder = ORDER) {
  const onClose = vi.fn();
  render(
    <>
      <OrderEditDialog order={order} onClose={onClose} onSave={onSave} />
      <ToastContainer />
    </>,
  );
  const dialog = screen.getByRole('dialog', { name: `Order #${order.order_id}` });
  const field = (label: string) => within(dialog).getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
  const save = () => act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save' })));
  return { dialog, field, save, onClose };
}

describe('OrderEditDialog', () => {
  it('a cancelled order reads Cancelled, with no stepper, no editor and no Save (issue 37)', () => {
    const { dialog } = renderDialog(vi.fn(), { ...ORDER, status: 'cancelled', payment_status: 'refunded', refunded: 321, cancelled_at: '2030-01-03T00:00:00.000Z' });
    expect(within(dialog).getAllByText('Cancelled').length).toBeGreaterThan(0);
    expect(within(dialog).queryByRole('list', { name: 'Shipment progress' })).toBeNull();
    expect(within(dialog).queryByLabelText('Status')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('an order being cancelled reads Cancelling', () => {
    const { dialog } = renderDialog(vi.fn(), { ...ORDER, status: 'cancelling', track_num: '', track_url: '', carrier_name: '' });
    expect(within(dialog).getAllByText('Cancelling').length).toBeGreaterThan(0);
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('shows the order with its stepper and the fields the admin may edit, filled from the order', () => {
    const { dialog, field } = renderDialog(vi.fn());
    expect(within(dialog).getByRole('list', { name: 'Shipment progress' }).querySelectorAll('li')).toHaveLength(4);
    expect(within(dialog).getAllByText('(complete)', { exact: false })).toHaveLength(3);
    expect(within(dialog).getByText('1 Marina Boulevard, Central 018956')).toBeTruthy();
    expect(field('Status').value).toBe('shipped');
    expect(field('Tracking number').value).toBe('TRK-1');
    // A name typed before the carrier list: shown as `other`, with its name and link.
    expect(field('Carrier').value).toBe('other');
    expect(field('Carrier name').value).toBe('DHL Express');
    expect(field('Estimated delivery').value).toBe('2030-01-10');
    expect(field('Tracking URL').value).toBe('https://track.example.com/TRK-1');
  });

  it('sends an empty tracking number when the status is pending, whatever the field held', async () => {
    const onSave = vi.fn().mockResolvedValue(ORDER);
    const { field, save } = renderDialog(onSave);
    fireEvent.change(field('Status'), { target: { value: 'pending' } });
    await waitFor(() => expect(field('Tracking number').disabled).toBe(true));
    await save();
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith(4711, {
      status: 'pending',
      track_num: '',
      carrier: 'other',
      carrier_name: 'DHL Express',
      estimate_date: '2030-01-10',
      track_url: 'https://track.example.com/TRK-1',
    });
  });

  it('refuses a javascript: tracking URL in the dialog and sends nothing', async () => {
    const onSave = vi.fn();
    const { field, save } = renderDialog(onSave);
    fireEvent.change(field('Tracking URL'), { target: { value: 'javascript:alert(document.cookie)' } });
    await save();
    expect(await screen.findByText(MSG.invalidTrackingUrl)).toBeTruthy();
    expect(field('Tracking URL').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('lets any status be chosen (back to processing), saves the tracking, toasts and closes', async () => {
    const onSave = vi.fn().mockResolvedValue(ORDER);
    const { field, save, onClose } = renderDialog(onSave, { ...ORDER, status: 'delivered' });
    fireEvent.change(field('Status'), { target: { value: 'processing' } });
    fireEvent.change(field('Tracking number'), { target: { value: '  1Z999AA1  ' } });
    fireEvent.change(field('Carrier'), { target: { value: 'ups' } });
    // A listed carrier: no URL to type; the link is built from the number and shown.
    await waitFor(() => expect(within(screen.getByRole('dialog')).queryByLabelText('Tracking URL')).toBeNull());
    expect(screen.getByRole('link', { name: 'https://www.ups.com/track?loc=en_SG&tracknum=1Z999AA1' })).toBeTruthy();
    await save();
    expect(onSave).toHaveBeenCalledWith(4711, {
      status: 'processing',
      track_num: '1Z999AA1',
      carrier: 'ups',
      carrier_name: '',
      estimate_date: '2030-01-10',
      track_url: '',
    });
    expect(await screen.findByText(MSG.statusUpdated)).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('on a refused save says "Status update failed" with the reason, and stays open', async () => {
    const onSave = vi.fn().mockRejectedValue({ message: 'Order #4711 not found', status: 404, requires_verification: false });
    const { dialog, save, onClose } = renderDialog(onSave);
    await save();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(`${MSG.statusUpdateFailed}: Order #4711 not found`);
    // The spec's toast: its words, whatever its colour.
    await waitFor(() => expect(screen.getAllByText(MSG.statusUpdateFailed).length).toBeGreaterThan(0));
    expect(onClose).not.toHaveBeenCalled();
  });
});
