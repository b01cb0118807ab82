import type { ReactNode } from 'react';
import { PAYMENT_STATUS_LABELS, PAYMENT_STATUSES, type PaymentStatus } from '@lbs/domain/refunds';
import { isOrderFilterStatus, ORDER_FILTER_STATUSES } from '@lbs/domain/statuses';
import { statusLabel } from '../../../components/orders/order-status';
import { FilterDate, FilterSelect, ListToolbar } from '../../../components/ui/list-toolbar';
import { SearchField } from '../../../components/ui/search-field';
import type { OrderFilters } from '../hooks/use-order-filters';

const isPaymentStatus = (value: string): value is PaymentStatus => (PAYMENT_STATUSES as readonly string[]).includes(value);

/** ORDERS' heading, count and filters: a search, the status, the payment state, the days it was placed. */
export function OrderFiltersToolbar({ id, count, filters }: { id: string; count: ReactNode; filters: OrderFilters }) {
  const { status, payment, from, to, rangeProblem } = filters;
  return (
    <ListToolbar
      headingId={`${id}-heading`}
      title="Orders"
      count={count}
      filtersLayout="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(14rem,1fr)_10rem_11rem_10rem_10rem] lg:items-end"
    >
      <SearchField className="col-span-2 lg:col-span-1" label="Search orders" placeholder="Order number, email or name" onSearch={filters.setQ} />
      <FilterSelect
        label="Status"
        className="col-span-2 lg:col-span-1"
        value={status}
        onChange={(e) => filters.setStatus(isOrderFilterStatus(e.target.value) ? e.target.value : '')}
      >
        <option value="">All</option>
        {ORDER_FILTER_STATUSES.map((s) => (
          <option key={s} value={s}>
            {statusLabel(s)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Payment"
        className="col-span-2 lg:col-span-1"
        value={payment}
        onChange={(e) => filters.setPayment(isPaymentStatus(e.target.value) ? e.target.value : '')}
      >
        {/* The default: every order that was paid (refunded ones too); the others are a click away. */}
        <option value="">Paid orders</option>
        {PAYMENT_STATUSES.map((p) => (
          <option key={p} value={p}>
            {PAYMENT_STATUS_LABELS[p]}
          </option>
        ))}
      </FilterSelect>
      <FilterDate label="From" value={from} max={to || undefined} onChange={(e) => filters.setFrom(e.target.value)} />
      <FilterDate
        label="To"
        value={to}
        min={from || undefined}
        aria-invalid={rangeProblem ? true : undefined}
        aria-describedby={rangeProblem ? `${id}-range` : undefined}
        onChange={(e) => filters.setTo(e.target.value)}
      />
      {rangeProblem ? (
        <p id={`${id}-range`} role="alert" className="col-span-2 text-sm text-red-700 lg:col-span-5">
          {rangeProblem}
        </p>
      ) : null}
    </ListToolbar>
  );
}
