import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { REFUND_MSG } from '@lbs/domain/refunds';
import type { TOrder } from '@lbs/domain/responses';
import { freshStore } from '../../../test/fresh-store';
import { useOrderMoney } from './use-order-money';
import { stubModalDialogs } from '../../../test/modal-dialogs';

// Issue 37: two tabs refund the same order at once; the losing one was told "refunded in full"
// above a stale "$150.00 left to refund". Its 409 refreshes the order's refunds, and the dialog
// reads its figures from them.

beforeAll(stubModalDialogs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ORDER: TOrder = {
  order_id: 4711,
  status: 'processing',
  payment_status: 'paid',
  created_at: '2030-01-02T03:04:05.000Z',
  paid_at: '2030-01-02T03:05:00.000Z',
  email: 'ana@example.com',
  shipping_info: null,
  products: [{ order_line_id: 1, product_id: 12, name: 'Yearly licence', quantity: 1, price: 150, refunded_quantity: 0 }],
  track_num: '',
  track_url: '',
  carrier: '',
  carrier_name: '',
  estimate_date: '',
  subtotal: 150,
  shipping_fee: 0,
  discount: 0,
  total: 150,
  refunded: 0,
  cancelled_at: null,
  refunds: [],
  currency: 'usd',
};

/** The other tab's refund, made while this one's dialog was open. */
const winner = {
  id: '9a1f0b9e-5d1c-4f55-8d59-0b4c3f6a2e11',
  order_id: 4711,
  amount: 150,
  currency: 'usd',
  kind: 'lines',
  reason: 'Double booking',
  origin: 'admin',
  state: 'succeeded',
  failure_reason: null,
  created_at: '2030-01-03T00:00:00.000Z',
  succeeded_at: '2030-01-03T00:00:01.000Z',
  credit_note: 'CN-7',
  lines: [{ order_line_id: 1, name: 'Yearly licence', quantity: 1, amount: 150 }],
};

let refundedElsewhere = false;
let refundReads = 0;
beforeEach(() => {
  refundedElsewhere = false;
  refundReads = 0;
  vi.stubGlobal('fetch', async (input: string | Request, init?: RequestInit) => {
    const request = typeof input === 'string' ? new Request(new URL(input, 'http://shop.test'), init) : input;
    const url = new URL(request.url);
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname.endsWith('/order/admin/4711/refunds') && request.method === 'GET') {
      refundReads += 1;
      return json({ items: refundedElsewhere ? [winner] : [] });
    }
    if (url.pathname.endsWith('/order/admin/4711/refunds') && request.method === 'POST') {
      refundedElsewhere = true;
      return json({ detail: REFUND_MSG.alreadyRefunded }, 409);
    }
    return json({ detail: 'not here' }, 404);
  });
});

function Screen() {
  const money = useOrderMoney();
  return (
    <>
      {money.buttons(ORDER)}
      {money.dialogs}
    </>
  );
}

describe('the losing tab of two refunds at once', () => {
  it('shows fresh figures after the 409: nothing left to refund, not the $150.00 it opened with', async () => {
    render(
      <Provider store={freshStore()}>
        <Screen />
      </Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Refund order #4711…' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund order #4711' });
    await within(dialog).findByText('$150.00 left to refund', { exact: false });
    await vi.waitFor(() => expect(refundReads).toBe(1));
    const input = within(dialog).getByLabelText('Quantity of Yearly licence');
    fireEvent.click(within(input.parentElement!).getByRole('button', { name: 'Increase quantity' }));
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Customer asked' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /^Refund/ })));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(REFUND_MSG.alreadyRefunded);
    await within(dialog).findByText('$0.00 left to refund', { exact: false });
    expect(within(dialog).queryByText('$150.00 left to refund', { exact: false })).toBeNull();
    expect(within(dialog).getByText(/refunded \$150\.00/)).toBeTruthy();
  });
});
