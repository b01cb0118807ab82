import { describe, expect, it } from 'vitest';

import { PAGE_SIZE, pageCount, pageOffset, pageWindow } from './paging';

describe('pageWindow', () => {
  it('is empty for one page or none', () => {
    expect(pageWindow(1, 1)).toEqual([]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it('lists every page when there is no gap', () => {
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows first, last, two either side of current and ellipses', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, 'ellipsis', 10]);
    expect(pageWindow(6, 20)).toEqual([1, 'ellipsis', 4, 5, 6, 7, 8, 'ellipsis', 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'ellipsis', 18, 19, 20]);
  });

  it('shows a single hidden page instead of an ellipsis', () => {
    expect(pageWindow(4, 10)).toEqual([1, 2, 3, 4, 5, 6, 'ellipsis', 10]);
    expect(pageWindow(7, 10)).toEqual([1, 'ellipsis', 5, 6, 7, 8, 9, 10]);
  });

  it('clamps a current page out of range', () => {
    expect(pageWindow(0, 10)).toEqual(pageWindow(1, 10));
    expect(pageWindow(50, 10)).toEqual(pageWindow(10, 10));
  });
});

describe('page helpers', () => {
  it('uses 10 rows a page', () => {
    expect(PAGE_SIZE).toBe(10);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
    expect(pageOffset(3)).toBe(20);
  });
});
