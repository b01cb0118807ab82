import type { ReactNode } from 'react';
import { LICENSE_TYPE_LABELS, truncateKey } from '@lbs/domain/license-terms';
import { MSG } from '@lbs/domain/messages';
import type { TLicense } from '@lbs/domain/responses';
import { CopyButton } from '../../../components/ui/copy-button';
import { DeviceSharedFlag } from '../../../components/ui/device-shared-flag';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { licenseEndText, licenseStartText, licenseStatusBadge } from '../../../lib/license-display';
import { RenewalSummary } from '../../../components/renewal/renewal-summary';
import { useCustomerLicensesQuery } from '../api';
import { PagedList } from './paged-list';

/** '3 hours ago', the exact moment (the admin's zone) in its title and, on phones, written out. */
function LastSeen({ at }: { at: string | null }) {
  if (!at) return <span className="text-slate-600">Never</span>;
  const exact = formatDateTime(at);
  return (
    <time dateTime={at} title={exact} className="flex flex-col">
      <span className="whitespace-nowrap">{formatRelativeTime(at)}</span>
      <span className="text-xs text-slate-600">{exact}</span>
    </time>
  );
}

/** Its device: the name, the id under it, and whether it was seen in two places; 'Unknown Device' before a first activation. */
function Device({ license }: { license: TLicense }) {
  if (!license.device_number) return <span className="text-slate-600">{MSG.unknownDevice}</span>;
  return (
    <span className="flex flex-col">
      {license.device_name ? <span className="font-medium text-ink [overflow-wrap:anywhere]">{license.device_name}</span> : null}
      <span className="font-mono text-xs text-slate-700 [overflow-wrap:anywhere]">{license.device_number}</span>
      {license.device_shared_at ? (
        <span className="mt-1">
          <DeviceSharedFlag at={license.device_shared_at} />
        </span>
      ) : null}
    </span>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="mt-0.5 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/**
 * One licence as a card at every width: a licence has more to say (term, device, version, last
 * seen, order) and more buttons than a table row holds beside them at 1440 px, and a customer has
 * few enough that cards read better than a wide table.
 */
function LicenseCard({ license: l, actions }: { license: TLicense; actions?: (l: TLicense) => ReactNode }) {
  // A key in grace is current until its grace ends, not expired (DESIGN §6.3).
  const s = licenseStatusBadge(l);
  return (
    <li className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <span className="inline-flex items-center gap-1">
          <code className="whitespace-nowrap rounded bg-slate-100 px-2 py-1 font-mono text-xs text-ink" title={l.license_key}>
            {truncateKey(l.license_key)}
          </code>
          <CopyButton value={l.license_key} label={MSG.copyKey} compact />
        </span>
        <span className="font-semibold text-ink">{LICENSE_TYPE_LABELS[l.type]}</span>
        <span className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${s.tone}`}>{s.label}</span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-3 xl:grid-cols-7">
        <Fact label="Start">{licenseStartText(l)}</Fact>
        <Fact label="End">{licenseEndText(l, 'Never')}</Fact>
        <Fact label="Device">
          <Device license={l} />
        </Fact>
        <Fact label="App version">{l.app_version ?? '--'}</Fact>
        <Fact label="Last seen">
          <LastSeen at={l.last_seen_at} />
        </Fact>
        <Fact label="Renewal">
          <RenewalSummary license={l} />
        </Fact>
        <Fact label="Order">{l.order_id ? `#${l.order_id}` : 'Issued by an admin'}</Fact>
      </dl>
      {actions ? <div className="mt-3 border-t border-slate-100 pt-3 empty:hidden">{actions(l)}</div> : null}
    </li>
  );
}

/** The customer's licences, each with its device (name, app version, last seen), newest first. */
export function CustomerLicenses({
  customerId,
  page,
  onPage,
  actions,
}: {
  customerId: number;
  page: number;
  onPage: (page: number) => void;
  /** The licence's actions (reset device, extend, suspend…), when the page offers them. */
  actions?: (l: TLicense) => ReactNode;
}) {
  const query = useCustomerLicensesQuery({ id: customerId, page });
  return (
    <PagedList caption="Licenses" query={query} page={page} onPage={onPage} rowKey={(l) => l._id} empty="No licenses.">
      {(rows) => (
        <ul aria-label="Licenses" className="flex flex-col gap-3">
          {rows.map((l) => (
            <LicenseCard key={l._id} license={l} actions={actions} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}
