import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { selectAllState, selectedOnPage, toggleAll, toggleRow, usePageSelection } from './page-selection';

const page1 = ['a', 'b', 'c'];
const page2 = ['d', 'e'];

describe('selection of a page of rows', () => {
  it('toggles one row on and off', () => {
    const one = toggleRow(new Set(), 'b');
    expect([...one]).toEqual(['b']);
    expect([...toggleRow(one, 'b')]).toEqual([]);
  });

  it('select-all ticks every row of the page, fills a partial page, and clears a full one', () => {
    const all = toggleAll(new Set(), page1);
    expect(selectAllState(all, page1)).toBe('all');
    const partial = toggleRow(all, 'a');
    expect(selectAllState(partial, page1)).toBe('some');
    expect(selectAllState(toggleAll(partial, page1), page1)).toBe('all');
    expect(selectAllState(toggleAll(all, page1), page1)).toBe('none');
  });

  it('counts only the ticked rows that are on the page, in page order', () => {
    const ticked = new Set(['c', 'a', 'gone']);
    expect(selectedOnPage(ticked, page1)).toEqual(['a', 'c']);
    expect(selectAllState(new Set(['gone']), page1)).toBe('none');
    expect(selectAllState(new Set(), [])).toBe('none');
  });
});

describe('usePageSelection', () => {
  it('starts each page with nothing ticked, and does not bring an old page’s ticks back', () => {
    const { result, rerender } = renderHook(({ ids, page }) => usePageSelection(ids, page), { initialProps: { ids: page1, page: 1 } });
    act(() => result.current.toggleAll());
    expect(result.current.selected).toEqual(page1);
    rerender({ ids: page2, page: 2 });
    expect(result.current.selected).toEqual([]);
    expect(result.current.allState).toBe('none');
    act(() => result.current.toggle('e'));
    expect(result.current.selected).toEqual(['e']);
    rerender({ ids: page1, page: 1 });
    expect(result.current.selected).toEqual([]);
  });

  it('drops a ticked row that left the page after a reload, and clears on demand', () => {
    const { result, rerender } = renderHook(({ ids, page }) => usePageSelection(ids, page), { initialProps: { ids: page1, page: 1 } });
    act(() => result.current.toggle('c'));
    act(() => result.current.toggle('a'));
    expect(result.current.allState).toBe('some');
    // A new notification arrived: the page now starts with it, and 'c' moved to page 2.
    rerender({ ids: ['new', 'a', 'b'], page: 1 });
    expect(result.current.selected).toEqual(['a']);
    expect(result.current.isSelected('c')).toBe(false);
    act(() => result.current.clear());
    expect(result.current.selected).toEqual([]);
  });
});
