import type { ReactNode } from 'react';
import { isOrderFilterStatus, ORDER_FILTER_STATUSES } from '@lbs/domain/statuses';
import { statusLabel } from '../../../components/orders/order-status';
import { FilterDate, FilterSelect, ListToolbar } from '../../../components/ui/list-toolbar';
import { SearchField } from '../../../components/ui/search-field';
import type { OrderFilters } from '../hooks/use-order-filters';

/** ORDERS' heading, count and filters: a search, the status, the days it was placed. */
export function OrderFiltersToolbar({ id, count, filters }: { id: string; count: ReactNode; filters: OrderFilters }) {
  const { status, from, to, rangeProblem } = filters;
  return (
    <ListToolbar
      headingId={`${id}-heading`}
      title="Orders"
      count={count}
      filtersLayout="grid grid-cols-2 gap-3 lg:grid-cols-[minmax(16rem,1fr)_11rem_10rem_10rem] lg:items-end"
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
        <p id={`${id}-range`} role="alert" className="col-span-2 text-sm text-red-700 lg:col-span-4">
          {rangeProblem}
        </p>
      ) : null}
    </ListToolbar>
  );
}
