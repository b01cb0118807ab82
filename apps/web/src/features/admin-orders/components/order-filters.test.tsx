import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useOrderFilters } from '../hooks/use-order-filters';
import { OrderFiltersToolbar } from './order-filters';

afterEach(cleanup);

/** The toolbar with its hook, the query it would send shown as JSON. */
function Harness() {
  const filters = useOrderFilters();
  return (
    <>
      <OrderFiltersToolbar id="t" count={null} filters={filters} />
      <output data-testid="query">{JSON.stringify(filters.query)}</output>
    </>
  );
}
const query = () => JSON.parse(screen.getByTestId('query').textContent!) as Record<string, unknown>;

describe('ORDERS filters (issue 37)', () => {
  it('a payment-state filter puts abandoned checkouts one click away; the default stays the paid orders', () => {
    render(<Harness />);
    const payment = screen.getByLabelText('Payment') as HTMLSelectElement;
    expect(payment.value).toBe('');
    expect(query().payment).toBeUndefined();
    expect([...payment.options].map((o) => o.text)).toEqual(['Paid orders', 'Not paid', 'Paid', 'Partially refunded', 'Refunded', 'Failed', 'Cancelled']);
    fireEvent.change(payment, { target: { value: 'unpaid' } });
    expect(query()).toMatchObject({ payment: 'unpaid', page: 1 });
  });

  it('filters by Cancelled beside the shipping steps', () => {
    render(<Harness />);
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    expect([...status.options].map((o) => o.text)).toContain('Cancelled');
    fireEvent.change(status, { target: { value: 'cancelled' } });
    expect(query()).toMatchObject({ status: 'cancelled' });
  });
});
