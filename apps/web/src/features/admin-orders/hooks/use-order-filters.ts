import { useState } from 'react';
import { ANALYTICS_MSG } from '@lbs/domain/report-queries';
import type { OrderFilterStatus } from '@lbs/domain/statuses';

/** ORDERS' filters and page: a changed filter goes back to the first page. */
export function useOrderFilters() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<OrderFilterStatus | ''>('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filtered =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  return {
    page,
    setPage,
    status,
    from,
    to,
    query: { page, q, status: status || undefined, from, to },
    // The server refuses from after to; the list waits until the range makes sense.
    rangeProblem: from && to && from > to ? ANALYTICS_MSG.fromAfterTo : null,
    setQ: filtered(setQ),
    setStatus: filtered(setStatus),
    setFrom: filtered(setFrom),
    setTo: filtered(setTo),
  };
}

export type OrderFilters = ReturnType<typeof useOrderFilters>;
