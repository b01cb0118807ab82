import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SearchField } from './search-field';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('SearchField', () => {
  it('searches once typing stops, trimmed, and not again for the same words', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<SearchField label="Search orders" onSearch={onSearch} delayMs={300} />);
    const box = screen.getByRole('searchbox', { name: 'Search orders' });
    fireEvent.change(box, { target: { value: 'an' } });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.change(box, { target: { value: ' ana ' } });
    act(() => vi.advanceTimersByTime(299));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch.mock.calls).toEqual([['ana']]);
    fireEvent.change(box, { target: { value: 'ana' } });
    act(() => vi.advanceTimersByTime(300));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('searches at once on Enter', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<SearchField label="Search" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: '1042' } });
    fireEvent.submit(box);
    expect(onSearch.mock.calls).toEqual([['1042']]);
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('starts from a search carried in a link without asking for it again', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    render(<SearchField label="Search" onSearch={onSearch} initial="lic_42" />);
    const box = screen.getByRole('searchbox', { name: 'Search' });
    expect(box).toHaveProperty('value', 'lic_42');
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: '' } });
    act(() => vi.advanceTimersByTime(300));
    expect(onSearch.mock.calls).toEqual([['']]);
  });
});

describe('SearchField as a landmark', () => {
  it('is a search landmark named by what it searches, apart from its box, so two lists on a page differ', () => {
    render(
      <>
        <SearchField label="Search invoices" onSearch={() => {}} />
        <SearchField label="Search credit notes" onSearch={() => {}} />
      </>,
    );
    expect(screen.getAllByRole('search').map((f) => f.getAttribute('aria-label'))).toEqual(['invoices', 'credit notes']);
    // The label names the box alone.
    expect(screen.getByLabelText('Search invoices').tagName).toBe('INPUT');
  });
});
