import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { TInvoice } from '@lbs/domain/responses';

const INVOICE: TInvoice = { invoice_no: 4774, order_id: 1042, invoice_url: '/api/invoice/4774/receipt', created_at: '2030-01-02T03:04:05.000Z', total: 299, currency: 'usd' };
const query = (items: unknown[]) => ({ data: { items, total: items.length, page: 1, page_size: 20 }, isLoading: false, isFetching: false, isError: false, refetch: vi.fn() });

vi.mock('../api', () => ({ useInvoicesQuery: () => query([INVOICE]), useCreditNotesQuery: () => query([]) }));

const { InvoicesTab } = await import('./invoices-tab');

afterEach(cleanup);

describe("the customer's invoices", () => {
  it('shows the invoice number as INV-004774, as the receipt and the mail write it', () => {
    render(<InvoicesTab />);
    const row = within(screen.getByRole('region', { name: 'Invoices' })).getAllByRole('row')[1]!;
    expect(within(row).getByText('INV-004774')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Download receipt for invoice INV-004774' })).toBeTruthy();
  });
});
