import { useId, useRef, type ReactNode } from 'react';
import type { TOrder } from '@lbs/domain/responses';
import { Link, useParams, useSearchParams } from 'react-router';
import { MSG } from '@lbs/domain/messages';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadFailed } from '../../../components/ui/load-failed';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { CustomerActions } from '../actions/customer-actions';
import { LicenseActions } from '../actions/license-actions';
import { OrderMailAction } from '../actions/order-mail-action';
import { useCustomerQuery } from '../api';
import { CustomerInvoices } from '../components/customer-invoices';
import { CustomerLicenses } from '../components/customer-licenses';
import { CustomerNotifications } from '../components/customer-notifications';
import { CustomerOrders } from '../components/customer-orders';
import { CustomerProfile } from '../components/customer-profile';
import { CustomerTimeline } from '../components/customer-timeline';
import { CUSTOMER_SECTIONS, customerSectionOf, pageParamOf, sectionAfterKey, type CustomerSectionKey } from '../customer-sections';

function BackToUsers() {
  return (
    <Link to={paths.accounts.admin.users} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-900">
      <span aria-hidden>←</span> Users
    </Link>
  );
}

/**
 * Refund and cancel for the order rows: ORDERS' own buttons and dialogs, which the app puts in (a
 * feature does not import another's components). The dialogs are placed once, beside the tabs.
 */
export interface OrderMoney {
  buttons: (order: TOrder) => ReactNode;
  /** Whether an order has any of these actions (a refunded or cancelled one has none). */
  applies: (order: TOrder) => boolean;
  dialogs: ReactNode;
}

/**
 * One customer (issue 21): who they are, then their licences, orders, invoices, notifications and
 * timeline as tabs, each paged on the server. The tab and its page are in the address
 * (`?section=orders&page=2`), so a view can be linked and the back button steps back through it.
 */
export function CustomerPage({ money }: { money: OrderMoney }) {
  const rawId = useParams().id ?? '';
  const customerId = Number(rawId);
  const valid = Number.isInteger(customerId) && customerId >= 1;
  const headingId = useId();
  const tabsId = useId();
  const [params, setParams] = useSearchParams();
  const page = pageParamOf(params.get('page'));
  const tabRefs = useRef<Partial<Record<CustomerSectionKey, HTMLButtonElement | null>>>({});
  const detail = useCustomerQuery(customerId, { skip: !valid });
  const section = customerSectionOf(params.get('section'), detail.data);

  const show = (next: CustomerSectionKey, nextPage = 1) => {
    const p = new URLSearchParams(params);
    p.set('section', next);
    if (nextPage > 1) p.set('page', String(nextPage));
    else p.delete('page');
    setParams(p);
  };

  const notFound = !valid || (detail.isError && isApiError(detail.error) && (detail.error.status === 404 || detail.error.status === 400));
  if (notFound) {
    return (
      <div className="space-y-4">
        <BackToUsers />
        <FormAlert>No customer has the id “{rawId}”.</FormAlert>
      </div>
    );
  }
  if (detail.isError) {
    return (
      <div className="space-y-4">
        <BackToUsers />
        <LoadFailed onRetry={() => void detail.refetch()} busy={detail.isFetching} />
      </div>
    );
  }
  const customer = detail.data;
  if (!customer) {
    return (
      <div className="space-y-4">
        <BackToUsers />
        <p role="status" className="py-10 text-center text-slate-500">
          {MSG.loading}
        </p>
      </div>
    );
  }

  const onPage = (n: number) => show(section, n);
  const panelId = (key: CustomerSectionKey) => `${tabsId}-${key}-panel`;
  const tabId = (key: CustomerSectionKey) => `${tabsId}-${key}-tab`;

  return (
    <div className="space-y-6">
      <BackToUsers />
      <CustomerProfile customer={customer} headingId={headingId} actions={<CustomerActions customer={customer} />} />

      <section aria-label="The customer’s records">
        {/* WAI-ARIA tabs: one tab stop; the arrows, Home and End move between them (and show the
            section at once, since each is one server page). */}
        <div role="tablist" aria-label="The customer’s records" className="-mb-px flex gap-x-1 overflow-x-auto border-b border-slate-200">
          {CUSTOMER_SECTIONS.map((s) => {
            const selected = s.key === section;
            const count = s.count?.(customer);
            return (
              <button
                key={s.key}
                ref={(el) => {
                  tabRefs.current[s.key] = el;
                }}
                type="button"
                role="tab"
                id={tabId(s.key)}
                aria-selected={selected}
                aria-controls={panelId(s.key)}
                tabIndex={selected ? 0 : -1}
                onClick={() => show(s.key)}
                onKeyDown={(e) => {
                  const next = sectionAfterKey(section, e.key);
                  if (!next) return;
                  e.preventDefault();
                  show(next);
                  tabRefs.current[next]?.focus();
                }}
                className={`inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap border-b-2 px-3 py-2.5 text-sm font-semibold transition-colors ${
                  selected ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-ink'
                }`}
              >
                {s.name}
                {count !== undefined ? (
                  <span className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${selected ? 'bg-brand-50 text-brand-700' : 'bg-slate-100 text-slate-700'}`}>
                    {count.toLocaleString('en-US')}
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>
        <div role="tabpanel" id={panelId(section)} aria-labelledby={tabId(section)} className="pt-4">
          {section === 'licenses' ? <CustomerLicenses customerId={customer.id} page={page} onPage={onPage} actions={(l) => <LicenseActions license={l} customerId={customer.id} />} /> : null}
          {section === 'orders' ? (
            <CustomerOrders
              customerId={customer.id}
              page={page}
              onPage={onPage}
              actions={(o) =>
                // Nothing at all for an order with no action, so its card shows no empty action row.
                money.applies(o) ? (
                  <span className="inline-flex flex-wrap items-center gap-2 md:justify-end">
                    <OrderMailAction order={o} />
                    {money.buttons(o)}
                  </span>
                ) : null
              }
            />
          ) : null}
          {section === 'invoices' ? <CustomerInvoices customerId={customer.id} page={page} onPage={onPage} /> : null}
          {section === 'notifications' ? <CustomerNotifications customerId={customer.id} page={page} onPage={onPage} /> : null}
          {section === 'timeline' ? <CustomerTimeline customerId={customer.id} page={page} onPage={onPage} /> : null}
        </div>
      </section>
      {money.dialogs}
    </div>
  );
}
