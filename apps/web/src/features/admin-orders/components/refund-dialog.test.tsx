import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ToastContainer } from 'react-toastify';
import { REFUND_MSG, type TRefundBody, type TRefundJson } from '@lbs/domain/refunds';
import type { TOrder } from '@lbs/domain/responses';
import { CANCEL_DIALOG_TEXT, CancelOrderDialog, cancelBlocker, type TCancelOrderResult } from './cancel-order-dialog';
import { OrderMoneyButtons, refundBlocker } from './order-money-actions';
import { PaymentStatusBadge } from '../../../components/orders/payment-status';
import { RefundDialog } from './refund-dialog';
import { REFUND_DIALOG_TEXT, parseAmount } from './refund-text';
import { stubModalDialogs } from '../../../test/modal-dialogs';

beforeAll(stubModalDialogs);
afterEach(cleanup);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// 300 of goods and 21 of shipping: each line's share of the 321 paid is in proportion (107 a unit).
const ORDER: TOrder = {
  order_id: 4711,
  status: 'processing',
  payment_status: 'paid',
  created_at: '2030-01-02T03:04:05.000Z',
  paid_at: '2030-01-02T03:05:00.000Z',
  email: 'ana@example.com',
  shipping_info: null,
  products: [
    { order_line_id: 1, product_id: 2, name: 'Adhesion Roller', quantity: 1, price: 100, refunded_quantity: 0 },
    { order_line_id: 2, product_id: 3, name: 'Luggage Tag Cutter', quantity: 2, price: 100, refunded_quantity: 0 },
  ],
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
};

const refundAnswer = (over: Partial<TRefundJson> = {}): TRefundJson => ({
  id: 'r',
  order_id: 4711,
  amount: 107,
  currency: 'usd',
  kind: 'lines',
  reason: 'Broken',
  origin: 'admin',
  state: 'succeeded',
  failure_reason: null,
  created_at: '2030-01-03T00:00:00.000Z',
  succeeded_at: '2030-01-03T00:00:01.000Z',
  credit_note: 'CN-7',
  lines: [],
  ...over,
});

function renderRefund(onRefund: (id: number, body: TRefundBody) => Promise<TRefundJson>, order: TOrder = ORDER) {
  const onClose = vi.fn();
  const view = render(
    <>
      <RefundDialog order={order} onClose={onClose} onRefund={onRefund} />
      <ToastContainer />
    </>,
  );
  const dialog = () => screen.getByRole('dialog', { name: `Refund order #${order.order_id}` });
  const confirm = () => within(dialog()).getByRole('button', { name: /^Refund/ });
  const submit = () => act(async () => fireEvent.click(confirm()));
  const reason = (text: string) => fireEvent.change(within(dialog()).getByLabelText('Reason'), { target: { value: text } });
  const more = (name: string) => {
    const input = within(dialog()).getByLabelText(`Quantity of ${name}`);
    fireEvent.click(within(input.parentElement!).getByRole('button', { name: 'Increase quantity' }));
  };
  return { view, dialog, confirm, submit, reason, more, onClose };
}

describe('RefundDialog by items', () => {
  it('previews what the chosen units give back (their share of shipping too) and sends the lines with a uuid', async () => {
    const onRefund = vi.fn().mockResolvedValue(refundAnswer());
    const { confirm, submit, reason, more, dialog } = renderRefund(onRefund);
    expect(within(dialog()).getByText('$321.00 left to refund', { exact: false })).toBeTruthy();
    more('Luggage Tag Cutter');
    expect(confirm().textContent).toBe('Refund $107.00');
    more('Luggage Tag Cutter');
    expect(confirm().textContent).toBe('Refund $214.00');
    reason('  Arrived broken  ');
    await submit();
    expect(onRefund).toHaveBeenCalledTimes(1);
    const [orderId, body] = onRefund.mock.calls[0]!;
    expect(orderId).toBe(4711);
    expect(body).toEqual({ id: expect.stringMatching(UUID), mode: 'lines', lines: [{ order_line_id: 2, quantity: 2 }], reason: 'Arrived broken' });
    // Succeeded: the credit note is named in the dialog; the form is gone, Done remains.
    expect(await within(dialog()).findByText(REFUND_DIALOG_TEXT.succeeded(107, 'CN-7'))).toBeTruthy();
    expect(within(dialog()).queryByLabelText('Reason')).toBeNull();
    expect(within(dialog()).getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('caps each line at the units not yet refunded', () => {
    const order: TOrder = {
      ...ORDER,
      payment_status: 'partially_refunded',
      refunded: 107,
      products: [ORDER.products[0]!, { ...ORDER.products[1]!, refunded_quantity: 1 }],
    };
    const { dialog, more } = renderRefund(vi.fn(), order);
    more('Luggage Tag Cutter');
    const input = within(dialog()).getByLabelText('Quantity of Luggage Tag Cutter') as HTMLInputElement;
    expect(input.value).toBe('1');
    expect((within(input.parentElement!).getByRole('button', { name: 'Increase quantity' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(dialog()).getByText('1 of 2 refunded', { exact: false })).toBeTruthy();
  });

  it('requires an item and a reason, with REFUND_MSG’s words, and sends nothing', async () => {
    const onRefund = vi.fn();
    const { submit, dialog } = renderRefund(onRefund);
    await submit();
    expect(within(dialog()).getByText(REFUND_MSG.nothingChosen)).toBeTruthy();
    expect(within(dialog()).getByText(REFUND_MSG.reasonRequired)).toBeTruthy();
    expect(within(dialog()).getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(onRefund).not.toHaveBeenCalled();
    // Fixing a field clears its message.
    fireEvent.change(within(dialog()).getByLabelText('Reason'), { target: { value: 'Broken' } });
    expect(within(dialog()).queryByText(REFUND_MSG.reasonRequired)).toBeNull();
  });
});

describe('RefundDialog by amount', () => {
  const byAmount = (d: HTMLElement) => fireEvent.click(within(d).getByRole('radio', { name: 'By amount' }));

  it('refuses more than is left, and nothing, and sends an amount within it', async () => {
    const onRefund = vi.fn().mockResolvedValue(refundAnswer({ kind: 'amount', amount: 12.34, credit_note: 'CN-8' }));
    const { dialog, submit, confirm, reason } = renderRefund(onRefund, { ...ORDER, payment_status: 'partially_refunded', refunded: 21 });
    byAmount(dialog());
    const amount = within(dialog()).getByLabelText('Amount (USD)');
    expect(within(dialog()).getByText('Up to $300.00', { exact: false })).toBeTruthy();
    reason('Goodwill');
    fireEvent.change(amount, { target: { value: '300.01' } });
    // Over the cap the button names no amount: it would not be refunded.
    expect(confirm().textContent).toBe('Refund');
    await submit();
    expect(within(dialog()).getByText(REFUND_MSG.amountTooLarge)).toBeTruthy();
    fireEvent.change(amount, { target: { value: '0' } });
    await submit();
    expect(within(dialog()).getByText(REFUND_MSG.amountPositive)).toBeTruthy();
    expect(onRefund).not.toHaveBeenCalled();
    fireEvent.change(amount, { target: { value: '12.34' } });
    expect(confirm().textContent).toBe('Refund $12.34');
    await submit();
    expect(onRefund.mock.calls[0]![1]).toEqual({ id: expect.stringMatching(UUID), mode: 'amount', amount: 12.34, reason: 'Goodwill' });
    expect(await within(dialog()).findByText(REFUND_DIALOG_TEXT.succeeded(12.34, 'CN-8'))).toBeTruthy();
  });

  it('reads amounts as a person types them', () => {
    expect(parseAmount('12.34')).toBe(12.34);
    expect(parseAmount(' $1,200.5 ')).toBe(1200.5);
    expect(parseAmount('12.345')).toBeNull();
    expect(parseAmount('-3')).toBeNull();
    expect(parseAmount('')).toBeNull();
  });
});

describe('RefundDialog answers', () => {
  it('sends the same id again when the answer was lost, and a new one when the dialog opens again', async () => {
    const onRefund = vi
      .fn()
      .mockRejectedValueOnce({ message: 'Network error', status: 0, requires_verification: false })
      .mockResolvedValueOnce(refundAnswer());
    const { dialog, submit, reason, more, view, onClose } = renderRefund(onRefund);
    more('Adhesion Roller');
    reason('Broken');
    await submit();
    expect((await within(dialog()).findByRole('alert')).textContent).toBe('Network error');
    await submit();
    expect(onRefund).toHaveBeenCalledTimes(2);
    const firstId = onRefund.mock.calls[0]![1].id;
    expect(onRefund.mock.calls[1]![1].id).toBe(firstId);

    view.rerender(<RefundDialog order={null} onClose={onClose} onRefund={onRefund} />);
    view.rerender(<RefundDialog order={ORDER} onClose={onClose} onRefund={onRefund} />);
    onRefund.mockResolvedValueOnce(refundAnswer());
    more('Adhesion Roller');
    reason('Broken');
    await submit();
    expect(onRefund.mock.calls[2]![1].id).not.toBe(firstId);
  });

  it('sends once on a double click, the button disabled while sending', async () => {
    let answer!: (r: TRefundJson) => void;
    const onRefund = vi.fn().mockReturnValue(new Promise<TRefundJson>((resolve) => (answer = resolve)));
    const { confirm, reason, more, dialog } = renderRefund(onRefund);
    more('Adhesion Roller');
    reason('Broken');
    await act(async () => {
      fireEvent.click(confirm());
      fireEvent.click(confirm());
    });
    expect(onRefund).toHaveBeenCalledTimes(1);
    expect((within(dialog()).getByRole('button', { name: 'Refunding…' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => answer(refundAnswer()));
    expect(await within(dialog()).findByText(REFUND_DIALOG_TEXT.succeeded(107, 'CN-7'))).toBeTruthy();
  });

  it('shows a refund the provider refused as an error, keeps the form, and tries again as a new refund', async () => {
    const onRefund = vi.fn().mockResolvedValue(refundAnswer({ state: 'failed', failure_reason: 'Card expired', credit_note: null, succeeded_at: null }));
    const { dialog, submit, reason, more } = renderRefund(onRefund);
    more('Adhesion Roller');
    reason('Broken');
    await submit();
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(`${REFUND_MSG.providerFailed} Card expired`);
    expect(within(dialog()).getByLabelText('Reason')).toBeTruthy();
    await submit();
    expect(onRefund.mock.calls[1]![1].id).not.toBe(onRefund.mock.calls[0]![1].id);
  });

  it('says it waits for the provider when the refund is pending', async () => {
    const onRefund = vi.fn().mockResolvedValue(refundAnswer({ state: 'pending', credit_note: null, succeeded_at: null }));
    const { dialog, submit, reason, more } = renderRefund(onRefund);
    more('Adhesion Roller');
    reason('Broken');
    await submit();
    expect((await within(dialog()).findByRole('status')).textContent).toBe(REFUND_DIALOG_TEXT.pending);
  });

  it('shows the server’s refusal (its detail) in the dialog', async () => {
    const onRefund = vi.fn().mockRejectedValue({ message: REFUND_MSG.alreadyRefunded, status: 409, requires_verification: false });
    const { dialog, submit, reason, more } = renderRefund(onRefund);
    more('Adhesion Roller');
    reason('Broken');
    await submit();
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(REFUND_MSG.alreadyRefunded);
  });
});

describe('CancelOrderDialog', () => {
  function renderCancel(onCancelOrder: (id: number, body: { id: string; reason: string }) => Promise<TCancelOrderResult>, order: TOrder) {
    const onClose = vi.fn();
    render(
      <>
        <CancelOrderDialog order={order} onClose={onClose} onCancelOrder={onCancelOrder} />
        <ToastContainer />
      </>,
    );
    const dialog = screen.getByRole('dialog', { name: `Cancel order #${order.order_id}` });
    const submit = () => act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel order' })));
    return { dialog, submit, onClose };
  }

  it('explains an unpaid order’s cancel, requires a reason, sends it with a uuid, then closes', async () => {
    const onCancelOrder = vi.fn().mockResolvedValue({ order: { ...ORDER, payment_status: 'cancelled' }, refund: null });
    const { dialog, submit, onClose } = renderCancel(onCancelOrder, { ...ORDER, payment_status: 'unpaid', paid_at: null });
    expect(within(dialog).getByText(CANCEL_DIALOG_TEXT.unpaid)).toBeTruthy();
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    await submit();
    expect(within(dialog).getByText(REFUND_MSG.cancelReasonRequired)).toBeTruthy();
    expect(onCancelOrder).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Customer asked' } });
    await submit();
    expect(onCancelOrder).toHaveBeenCalledWith(4711, { id: expect.stringMatching(UUID), reason: 'Customer asked' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText(CANCEL_DIALOG_TEXT.cancelled(4711))).toBeTruthy();
  });

  it('says a paid order is refunded in full and its keys revoked; a refused refund stays shown', async () => {
    const onCancelOrder = vi.fn().mockResolvedValue({ order: ORDER, refund: refundAnswer({ state: 'failed', failure_reason: null, credit_note: null }) });
    const { dialog, submit, onClose } = renderCancel(onCancelOrder, { ...ORDER, refunded: 21 });
    expect(within(dialog).getByText(CANCEL_DIALOG_TEXT.paid(300))).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Duplicate' } });
    await submit();
    expect((await within(dialog).findByRole('alert')).textContent).toBe(REFUND_MSG.providerFailed);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('who may refund or cancel', () => {
  it('refunds paid and partly refunded orders only', () => {
    expect(refundBlocker(ORDER)).toBeNull();
    expect(refundBlocker({ ...ORDER, payment_status: 'partially_refunded', refunded: 100 })).toBeNull();
    expect(refundBlocker({ ...ORDER, payment_status: 'refunded', refunded: 321 })).toBe(REFUND_MSG.alreadyRefunded);
    expect(refundBlocker({ ...ORDER, payment_status: 'unpaid' })).toBe(REFUND_MSG.notPaid);
  });

  it('cancels unpaid orders and paid ones not shipped; licence-only orders count as not shipped', () => {
    expect(cancelBlocker({ ...ORDER, payment_status: 'unpaid' })).toBeNull();
    expect(cancelBlocker(ORDER)).toBeNull();
    expect(cancelBlocker({ ...ORDER, status: 'shipped' })).toBe(REFUND_MSG.cannotCancelShipped);
    const licences = [{ ...ORDER.products[0]!, product_id: 11, name: 'Monthly License' }];
    expect(cancelBlocker({ ...ORDER, status: 'delivered', products: licences })).toBeNull();
    expect(cancelBlocker({ ...ORDER, payment_status: 'cancelled' })).toBe(REFUND_MSG.alreadyCancelled);
  });

  it('shows "Cancel order…" disabled with its reason on a shipped order, beside "Refund…"', () => {
    const onRefund = vi.fn();
    render(<OrderMoneyButtons order={{ ...ORDER, status: 'shipped' }} onRefund={onRefund} onCancel={vi.fn()} />);
    const cancel = screen.getByRole('button', { name: 'Cancel order #4711…' }) as HTMLButtonElement;
    expect(cancel.disabled).toBe(true);
    expect(document.getElementById(cancel.getAttribute('aria-describedby')!)?.textContent).toBe(REFUND_MSG.cannotCancelShipped);
    fireEvent.click(screen.getByRole('button', { name: 'Refund order #4711…' }));
    expect(onRefund).toHaveBeenCalledWith(expect.objectContaining({ order_id: 4711 }));
  });

  it('labels the payment states as the domain names them', () => {
    render(
      <>
        <PaymentStatusBadge status="partially_refunded" />
        <PaymentStatusBadge status="refunded" />
        <PaymentStatusBadge status="cancelled" />
      </>,
    );
    expect(screen.getByText('Partially refunded')).toBeTruthy();
    expect(screen.getByText('Refunded')).toBeTruthy();
    expect(screen.getByText('Cancelled')).toBeTruthy();
  });
});
