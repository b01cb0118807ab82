import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { TOrder } from '@lbs/domain/responses';
import { OrderDetailsDialog } from './order-details-dialog';
import { stubModalDialogs } from '../../../test/modal-dialogs';

beforeAll(stubModalDialogs);
afterEach(cleanup);

const ORDER: TOrder = {
  order_id: 12,
  status: 'processing',
  payment_status: 'paid',
  created_at: '2030-01-02T03:04:05.000Z',
  paid_at: null,
  email: 'ana@example.com',
  shipping_info: { name: 'Ana Tan', email: 'ana@example.com', address: '1 Marina Boulevard', city: 'Jakarta', state: 'DKI', zip: '10110', country: 'ID' },
  products: [
    { order_line_id: 1, product_id: 12, name: 'Yearly License', quantity: 1, price: 1500, refunded_quantity: 0 },
    { order_line_id: 2, product_id: 2, name: 'Adhesion Roller', quantity: 2, price: 300, refunded_quantity: 0 },
  ],
  track_num: '',
  track_url: '',
  carrier: '',
  carrier_name: '',
  estimate_date: '',
  subtotal: 2100,
  shipping_fee: 0,
  discount: 0,
  total: 2100,
  refunded: 0,
  cancelled_at: null,
  refunds: [],
  currency: 'usd',
};

describe("OrderDetailsDialog (the customer's view)", () => {
  it('is read-only: the facts, the stepper up to the status, the products, tracking not known yet as --', () => {
    render(<OrderDetailsDialog order={ORDER} onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: 'Order #12' });
    expect(within(dialog).queryAllByRole('textbox')).toHaveLength(0);
    expect(within(dialog).queryAllByRole('combobox')).toHaveLength(0);
    const steps = within(dialog).getByRole('list', { name: 'Shipment progress' }).querySelectorAll('li');
    expect([...steps].map((li) => li.textContent)).toEqual(['Pending (complete)', 'Processing (complete)', '3Shipped (to come)', '4Delivered (to come)']);
    expect(within(dialog).getByText('Jakarta')).toBeTruthy();
    expect(within(dialog).getByText('Carrier').nextElementSibling?.textContent).toBe('--');
    expect(within(dialog).getByText('Adhesion Roller')).toBeTruthy();
    expect(within(dialog).getByText('Total $2,100.00')).toBeTruthy();
  });

  it('links the tracking URL once there is one, with a copy action', () => {
    render(<OrderDetailsDialog order={{ ...ORDER, status: 'shipped', track_url: 'https://t.example.com/1', carrier_name: 'DHL' }} onClose={() => {}} />);
    expect(screen.getByRole('link', { name: 'https://t.example.com/1' }).getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('button', { name: 'Copy tracking URL' })).toBeTruthy();
  });
});
