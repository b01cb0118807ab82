import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { TAdminInvoice } from '@lbs/domain/admin-responses';

const INVOICE: TAdminInvoice = {
  invoice_no: 4774,
  order_id: 1042,
  invoice_url: '/api/invoice/4774/receipt',
  created_at: '2030-01-02T03:04:05.000Z',
  total: 299,
  currency: 'usd',
  user_id: 7,
  email: 'ana@example.com',
};

vi.mock('../api', () => ({
  useAdminInvoicesQuery: () => ({ data: { items: [INVOICE], total: 1, page: 1, page_size: 20 }, isLoading: false, isFetching: false, isError: false, refetch: vi.fn() }),
}));
vi.mock('../components/credit-notes-list', () => ({ CreditNotesList: () => null }));
vi.mock('../components/accounting-exports-panel', () => ({ AccountingExportsPanel: () => null }));

const { InvoicesPage } = await import('./invoices-page');

afterEach(cleanup);

describe('INVOICES (back office)', () => {
  it('shows the invoice number as INV-004774, as the receipt and the CSV write it', () => {
    render(<InvoicesPage />);
    const row = within(screen.getByRole('table', { name: 'All invoices' })).getAllByRole('row')[1]!;
    expect(within(row).getByText('INV-004774')).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Download receipt for invoice INV-004774' })).toBeTruthy();
    expect(within(row).queryByText('4774')).toBeNull();
  });
});
