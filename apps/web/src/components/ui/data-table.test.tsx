import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DataTable, type Column } from './data-table';

afterEach(cleanup);

type Row = { id: number; name: string };
const COLUMNS: Column<Row>[] = [{ key: 'name', header: 'Name', cell: (r) => r.name }];
const table = (props: Partial<Parameters<typeof DataTable<Row>>[0]>) =>
  render(<DataTable<Row> caption="Orders" columns={COLUMNS} rows={[]} rowKey={(r) => r.id} empty="No orders found." {...props} />);

describe('DataTable', () => {
  it('says the list is empty when it loaded with no rows', () => {
    table({});
    expect(screen.getByText('No orders found.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a failed load shows the error and a retry, never the empty words, even with rows from before', () => {
    const onRetry = vi.fn();
    table({ rows: [{ id: 1, name: 'Stale row' }], failed: { onRetry, retrying: false } });
    expect(screen.getByRole('alert').textContent).toBe('Error fetching data');
    expect(screen.queryByText('No orders found.')).toBeNull();
    expect(screen.queryByText('Stale row')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it("shows a list's own failure message, and holds the retry while it runs", () => {
    table({ failed: { onRetry: () => {}, retrying: true, message: 'Failed to load coupons' } });
    expect(screen.getByRole('alert').textContent).toBe('Failed to load coupons');
    expect((screen.getByRole('button', { name: 'Try again' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('failed={false} (a list that loaded) shows its rows', () => {
    table({ rows: [{ id: 1, name: 'Ann' }], failed: false });
    expect(screen.getAllByText('Ann').length).toBeGreaterThan(0);
  });
});
