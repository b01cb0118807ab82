import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Pager } from './pager';

afterEach(cleanup);

const labels = () => screen.getAllByRole('button').map((b) => b.textContent);

describe('Pager', () => {
  it('is hidden when there is one page', () => {
    const { container } = render(<Pager page={1} totalPages={1} onChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  it('shows first, last, two around the current page and ellipses for gaps', () => {
    render(<Pager page={6} totalPages={12} onChange={() => {}} />);
    expect(labels()).toEqual(['‹', '1', '4', '5', '6', '7', '8', '12', '›']);
    expect(screen.getAllByText('…')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Page 6' }).getAttribute('aria-current')).toBe('page');
  });

  it('reports the chosen page and disables the arrows at the ends', () => {
    const onChange = vi.fn();
    render(<Pager page={1} totalPages={3} onChange={onChange} />);
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange.mock.calls).toEqual([[3], [2]]);
  });
});
