import { useState } from 'react';
import type { TAdminOrder, TOrderShipResult } from '@lbs/domain/admin-responses';

/**
 * The orders picked for packing slips and "Mark shipped", one by one or a page at a time. Kept with
 * the orders themselves, so the selection survives paging and filtering and the ship dialog lists
 * orders from earlier pages too.
 */
export function useOrderSelection(pageOrders: readonly TAdminOrder[]) {
  const [selected, setSelected] = useState<ReadonlyMap<number, TAdminOrder>>(new Map());
  const set = (orders: readonly TAdminOrder[], on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const o of orders) {
        if (on) next.set(o.order_id, o);
        else next.delete(o.order_id);
      }
      return next;
    });
  const allOnPage = pageOrders.length > 0 && pageOrders.every((o) => selected.has(o.order_id));
  return {
    size: selected.size,
    has: (o: TAdminOrder) => selected.has(o.order_id),
    orders: [...selected.values()],
    toggle: (o: TAdminOrder, on: boolean) => set([o], on),
    togglePage: (on: boolean) => set(pageOrders, on),
    allOnPage,
    someOnPage: !allOnPage && pageOrders.some((o) => selected.has(o.order_id)),
    clear: () => setSelected(new Map()),
    /** Orders now shipped (or found shipped already) leave the selection; refused ones stay to be looked at. */
    dropShipped: (result: TOrderShipResult) => {
      const done = new Set(result.results.filter((r) => r.outcome !== 'refused').map((r) => r.order_id));
      setSelected((prev) => new Map([...prev].filter(([id]) => !done.has(id))));
    },
  };
}

export type OrderSelection = ReturnType<typeof useOrderSelection>;
