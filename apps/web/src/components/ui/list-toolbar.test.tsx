import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { FilterDate, FilterSelect, ListToolbar } from './list-toolbar';

afterEach(cleanup);

describe('ListToolbar', () => {
  it('names the list by its heading and announces its count, keeping the line while the count loads', () => {
    const { rerender } = render(<ListToolbar headingId="h" title="Orders" count={null} />);
    expect(screen.getByRole('heading', { name: 'Orders' }).id).toBe('h');
    // A blank line, not none: the filters below do not jump when the count arrives.
    expect(screen.getByRole('status').textContent).toBe('\u00a0');
    rerender(<ListToolbar headingId="h" title="Orders" count="3 orders" />);
    expect(screen.getByRole('status').textContent).toBe('3 orders');
  });

  it('says what a list holds without announcing it, and draws no filters row without filters', () => {
    const { container } = render(<ListToolbar headingId="h" title="Coupons" description="Every coupon" actions={<button type="button">Create</button>} />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Every coupon').tagName).toBe('P');
    expect(screen.getByRole('button', { name: 'Create' })).toBeTruthy();
    expect(container.firstElementChild?.children).toHaveLength(1);
  });

  it('labels its filters', () => {
    render(
      <ListToolbar headingId="h" title="Orders">
        <FilterSelect label="Status" value="" onChange={() => {}}>
          <option value="">All</option>
        </FilterSelect>
        <FilterDate label="From" value="2030-01-02" onChange={() => {}} />
      </ListToolbar>,
    );
    expect(screen.getByRole('combobox', { name: 'Status' })).toBeTruthy();
    expect((screen.getByLabelText('From') as HTMLInputElement).type).toBe('date');
  });
});
