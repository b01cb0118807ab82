import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { TCreditNoteJson } from '@lbs/domain/refunds';
import type { TOrder } from '@lbs/domain/responses';
import { CreditNotesTable, NO_CREDIT_NOTES } from './credit-notes-table';
import { OrderPaymentSection } from './payment-status';

const apiRequest = vi.hoisted(() => vi.fn());
const saveBlob = vi.hoisted(() => vi.fn());
vi.mock('../../lib/api-request', () => ({ apiRequest }));
vi.mock('../../lib/save-file', () => ({ saveBlob }));

afterEach(cleanup);

const NOTE: TCreditNoteJson = {
  credit_note: 'CN-12',
  credit_note_no: 12,
  order_id: 4711,
  invoice_no: 1002,
  email: 'ana@example.com',
  amount: 107,
  currency: 'usd',
  reason: 'Broken',
  issued_at: '2030-01-03T00:00:00.000Z',
  pdf_url: '/api/invoice/credit-notes/12/pdf',
};

describe('CreditNotesTable', () => {
  it('lists number, order, invoice and amount, and downloads the PDF with the session as CN-n.pdf', async () => {
    const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
    apiRequest.mockResolvedValue(pdf);
    render(<CreditNotesTable caption="Credit notes" rows={[NOTE]} loading={false} failed={false} />);
    const table = screen.getByRole('table', { name: 'Credit notes' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByText('CN-12')).toBeTruthy();
    expect(within(row).getByText('#4711')).toBeTruthy();
    expect(within(row).getByText('INV-001002')).toBeTruthy();
    expect(within(row).getByText('$107.00')).toBeTruthy();
    // The same row as a card below 768 px.
    expect(within(screen.getByRole('list', { name: 'Credit notes' })).getByText('CN-12')).toBeTruthy();
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Download credit note CN-12 (PDF)' })));
    expect(apiRequest).toHaveBeenCalledWith({ url: '/invoice/credit-notes/12/pdf', responseType: 'blob' });
    expect(saveBlob).toHaveBeenCalledWith(pdf, 'CN-12.pdf');
  });

  it('says when there are none, and shows a failed load with its retry instead', () => {
    const { rerender } = render(<CreditNotesTable caption="Credit notes" rows={[]} loading={false} failed={false} />);
    expect(screen.getByText(NO_CREDIT_NOTES)).toBeTruthy();
    const onRetry = vi.fn();
    rerender(<CreditNotesTable caption="Credit notes" rows={undefined} loading={false} failed={{ onRetry, retrying: false }} />);
    expect(screen.queryByText(NO_CREDIT_NOTES)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('OrderPaymentSection (the customer’s order)', () => {
  it('shows what went back and each refund with its state and credit note', () => {
    const order = {
      refunded: 107,
      total: 321,
      payment_status: 'partially_refunded',
      cancelled_at: null,
      refunds: [
        { id: 'a', amount: 107, state: 'succeeded', created_at: '2030-01-03T00:00:00.000Z', succeeded_at: '2030-01-03T00:00:01.000Z', credit_note: 'CN-12' },
        { id: 'b', amount: 20, state: 'pending', created_at: '2030-01-04T00:00:00.000Z', succeeded_at: null, credit_note: null },
      ],
    } as unknown as TOrder;
    render(<OrderPaymentSection order={order} headingId="p" />);
    const section = screen.getByRole('region', { name: 'Payment' });
    expect(within(section).getByText('$107.00', { selector: 'dd' })).toBeTruthy();
    expect(within(section).queryByText('Left to refund')).toBeNull();
    const refunds = within(section).getByRole('list', { name: 'Refunds' });
    expect(within(refunds).getByText('Credit note CN-12')).toBeTruthy();
    expect(within(refunds).getByText('Waiting for the payment provider')).toBeTruthy();
  });
});
