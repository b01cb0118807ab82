import { useState } from 'react';
import { ANALYTICS_MSG } from '@lbs/domain/report-queries';
import type { PaymentStatus } from '@lbs/domain/refunds';
import type { OrderFilterStatus } from '@lbs/domain/statuses';

/** ORDERS' filters and page: a changed filter goes back to the first page. */
export function useOrderFilters() {
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<OrderFilterStatus | ''>('');
  const [payment, setPayment] = useState<PaymentStatus | ''>('');
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
    payment,
    from,
    to,
    query: { page, q, status: status || undefined, payment: payment || undefined, from, to },
    // The server refuses from after to; the list waits until the range makes sense.
    rangeProblem: from && to && from > to ? ANALYTICS_MSG.fromAfterTo : null,
    setQ: filtered(setQ),
    setStatus: filtered(setStatus),
    setPayment: filtered(setPayment),
    setFrom: filtered(setFrom),
    setTo: filtered(setTo),
  };
}

export type OrderFilters = ReturnType<typeof useOrderFilters>;
