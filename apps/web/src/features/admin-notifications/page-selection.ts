import { useCallback, useMemo, useState } from 'react';

/**
 * Which rows of the page on screen are ticked. The select-all box works on the page's rows only
 * (spec §2), and a selection belongs to its page: turning the page, or the rows on it changing
 * (a reload after a new notification), never leaves ticked rows out of sight.
 */
export type SelectAllState = 'none' | 'some' | 'all';

/** The ticked ids that are on the page, in the page's order. */
export function selectedOnPage(ticked: ReadonlySet<string>, pageIds: readonly string[]): string[] {
  return pageIds.filter((id) => ticked.has(id));
}

export function selectAllState(ticked: ReadonlySet<string>, pageIds: readonly string[]): SelectAllState {
  const n = selectedOnPage(ticked, pageIds).length;
  if (n === 0) return 'none';
  return n === pageIds.length ? 'all' : 'some';
}

export function toggleRow(ticked: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(ticked);
  if (!next.delete(id)) next.add(id);
  return next;
}

/** Every row of the page, unless all are ticked already: then none (a partial page fills up). */
export function toggleAll(ticked: ReadonlySet<string>, pageIds: readonly string[]): Set<string> {
  return selectAllState(ticked, pageIds) === 'all' ? new Set() : new Set(pageIds);
}

export function usePageSelection(pageIds: readonly string[], page: number) {
  const [state, setState] = useState<{ page: number; ticked: ReadonlySet<string> }>({ page, ticked: new Set() });
  // Another page starts with nothing ticked.
  const ticked = state.page === page ? state.ticked : EMPTY;
  const selected = useMemo(() => selectedOnPage(ticked, pageIds), [ticked, pageIds]);
  return {
    selected,
    allState: selectAllState(ticked, pageIds),
    isSelected: (id: string) => ticked.has(id) && pageIds.includes(id),
    toggle: useCallback((id: string) => setState((s) => ({ page, ticked: toggleRow(s.page === page ? s.ticked : EMPTY, id) })), [page]),
    toggleAll: useCallback(() => setState((s) => ({ page, ticked: toggleAll(s.page === page ? s.ticked : EMPTY, pageIds) })), [page, pageIds]),
    clear: useCallback(() => setState({ page, ticked: EMPTY }), [page]),
  };
}

const EMPTY: ReadonlySet<string> = new Set();
