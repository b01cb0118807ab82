import type { ReactNode } from 'react';
import type { TCustomerDetail } from '@lbs/domain/customer-page';
import { formatUsd, fromCents } from '@lbs/domain/money';
import { isAdminRole } from '@lbs/domain/roles';
import { EmailText } from '../../../components/ui/email-text';
import { formatDateTime } from '../../../lib/format-date';
import { customerName } from '../search-hits';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-0.5 text-ink [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** Who the customer is: name, address and whether it is verified, when they signed up, their zone, what they spent. */
export function CustomerProfile({ customer, headingId, actions }: { customer: TCustomerDetail; headingId: string; actions?: ReactNode }) {
  const name = customerName(customer);
  const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 p-4 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id={headingId} className="text-xl font-bold text-ink [overflow-wrap:anywhere] sm:text-2xl">
            {name === customer.email ? <EmailText email={name} /> : name}
          </h2>
          {name === customer.email ? null : (
            <p className="text-slate-700">
              <EmailText email={customer.email} />
            </p>
          )}
          <p className="mt-2 flex flex-wrap items-center gap-2 text-sm">
            {customer.is_email_verified ? (
              <span className="inline-flex rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-700">Email verified</span>
            ) : (
              <span className="inline-flex rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800">Email not verified</span>
            )}
            {customer.is_email_verified && customer.email_verified_at ? (
              <span className="text-slate-600">on {formatDateTime(customer.email_verified_at)}</span>
            ) : null}
            {/* USERS lists admins too, and each opens this page: say when it is not a customer's. */}
            {isAdminRole(customer.role) ? <span className="inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">Admin</span> : null}
          </p>
          {customer.pending_email ? (
            <p className="mt-1 text-sm text-slate-700">
              Changing address to <EmailText email={customer.pending_email} /> (not confirmed yet)
            </p>
          ) : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2 empty:hidden">{actions}</div> : null}
      </div>
      <dl className="mt-5 grid grid-cols-2 gap-x-6 gap-y-4 text-sm lg:grid-cols-4">
        <Fact label="Signed up">
          <time dateTime={customer.created_at}>{formatDateTime(customer.created_at)}</time>
        </Fact>
        <Fact label="Time zone">{customer.time_zone}</Fact>
        <Fact label="Total spent">
          <span className="tabular-nums">{formatUsd(fromCents(customer.total_spent_cents))}</span>
        </Fact>
        <Fact label="Customer ID">
          <span className="tabular-nums">{customer.id}</span>
        </Fact>
        <Fact label="Orders">{count(customer.counts.orders, 'order', 'orders')}</Fact>
        <Fact label="Invoices">{count(customer.counts.invoices, 'invoice', 'invoices')}</Fact>
        <Fact label="Licenses">{count(customer.counts.licenses, 'license', 'licenses')}</Fact>
        <Fact label="Notifications">{count(customer.counts.notifications, 'notification', 'notifications')}</Fact>
      </dl>
    </section>
  );
}
