import { LICENSE_TYPE_LABELS, licenseAdminStatus, truncateKey, type LicenseAdminStatus } from '@lbs/domain/license-terms';
import { MSG } from '@lbs/domain/messages';
import { CopyButton } from '../../../components/ui/copy-button';
import type { Column } from '../../../components/ui/data-table';
import { DeviceSharedFlag } from '../../../components/ui/device-shared-flag';
import { EmailText } from '../../../components/ui/email-text';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { licenseEndText, licenseStartText, licenseStatusBadge } from '../../../lib/license-display';
import type { AdminLicense } from '../api';
import { RenewalSummary } from '../../../components/renewal/renewal-summary';

const TYPE_LABELS: Readonly<Record<AdminLicense['type'], string>> = LICENSE_TYPE_LABELS;

export const LICENSE_STATUS: Record<LicenseAdminStatus, { label: string; tone: string }> = {
  active: { label: MSG.licenseStatusActive, tone: 'bg-emerald-50 text-emerald-700' },
  expired: { label: MSG.licenseStatusExpired, tone: 'bg-slate-100 text-slate-700' },
  revoked: { label: MSG.licenseStatusRevoked, tone: 'bg-red-50 text-red-700' },
};

/** Device ids are long (a UUID, a serial): the first characters tell devices apart, the title holds the rest. */
const truncateDevice = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

function KeyCell({ license }: { license: AdminLicense }) {
  return (
    <span className="inline-flex items-center gap-1">
      <code className="whitespace-nowrap rounded bg-slate-100 px-2 py-1 font-mono text-xs text-ink" title={license.license_key}>
        {truncateKey(license.license_key)}
      </code>
      <CopyButton value={license.license_key} label={MSG.copyKey} compact />
    </span>
  );
}

function DeviceCell({ license }: { license: AdminLicense }) {
  if (!license.device_number) return <span className="text-slate-600">{MSG.unknownDevice}</span>;
  return (
    <span className="flex flex-col">
      {license.device_name ? <span className="font-medium text-ink [overflow-wrap:anywhere]">{license.device_name}</span> : null}
      <span className="whitespace-nowrap font-mono text-xs text-slate-700" title={license.device_number} aria-hidden="true">
        {truncateDevice(license.device_number)}
      </span>
      <span className="sr-only">{license.device_number}</span>
      {license.device_shared_at ? (
        <span className="mt-1">
          <DeviceSharedFlag at={license.device_shared_at} />
        </span>
      ) : null}
    </span>
  );
}

/** '3 hours ago', the exact moment (the admin's zone) in its title and written out on phones. */
function LastSeen({ at, inline = false }: { at: string | null; inline?: boolean }) {
  if (!at) return <span className="text-slate-600">{inline ? 'never seen' : 'Never'}</span>;
  const exact = formatDateTime(at);
  if (inline) {
    return (
      <span className="whitespace-nowrap">
        seen{' '}
        <time dateTime={at} title={exact}>
          {formatRelativeTime(at)}
        </time>
      </span>
    );
  }
  return (
    <time dateTime={at} title={exact} className="flex flex-col">
      <span>{formatRelativeTime(at)}</span>
      <span className="text-xs text-slate-600 md:sr-only">{exact}</span>
    </time>
  );
}

/** LICENSES' columns: the table stacks device, version and last seen, and start over end; a card labels each. */
export function licenseColumns(act: { onRevoke: (l: AdminLicense) => void; onTurnOffRenewal: (l: AdminLicense) => void }): ReadonlyArray<Column<AdminLicense>> {
  const { onRevoke, onTurnOffRenewal } = act;
  return [
    { key: 'key', header: 'License Key', cell: (l) => <KeyCell license={l} />, card: 'title' },
    { key: 'email', header: 'Email', cell: (l) => <EmailText email={l.email} /> },
    { key: 'type', header: 'Type', cell: (l) => TYPE_LABELS[l.type] },
    // Device, App version, Last seen (issue 20): what the booth reported at its last activation or
    // check; the name is the customer's own for it when they gave one. The table stacks the three in
    // one column, so the list keeps the spec's columns and its Revoke button in view at 1440 px; a
    // card has a labelled line for each.
    {
      key: 'booth',
      header: 'Device',
      card: 'hidden',
      cell: (l) => (
        <span className="flex flex-col gap-0.5">
          <DeviceCell license={l} />
          {l.device_number ? (
            <span className="text-xs text-slate-700">
              {l.app_version ? (
                <>
                  <span className="whitespace-nowrap" title="App version">
                    {l.app_version}
                  </span>
                  {' · '}
                </>
              ) : null}
              <LastSeen at={l.last_seen_at} inline />
            </span>
          ) : null}
        </span>
      ),
    },
    { key: 'device', header: 'Device', table: false, cell: (l) => <DeviceCell license={l} /> },
    { key: 'version', header: 'App version', table: false, cell: (l) => <span className="whitespace-nowrap">{l.app_version ?? '--'}</span> },
    { key: 'seen', header: 'Last seen', table: false, cell: (l) => <LastSeen at={l.last_seen_at} /> },
    // The table shows start over end in one column, so the columns fit the panel at 1440 px; a
    // card has room for both lines, labelled. A date stays on one line; an unused pass's longer
    // words may wrap.
    {
      key: 'term',
      header: 'Start / End',
      card: 'hidden',
      cell: (l) => (
        <span className="flex flex-col gap-0.5">
          <span className={l.activate_by ? undefined : 'whitespace-nowrap'}>{licenseStartText(l)}</span>
          <span className={l.activate_by ? undefined : 'whitespace-nowrap'}>{licenseEndText(l, 'Never')}</span>
        </span>
      ),
    },
    { key: 'start', header: 'Start', className: 'md:hidden', cell: (l) => licenseStartText(l) },
    { key: 'end', header: 'End', className: 'md:hidden', cell: (l) => licenseEndText(l, 'Never') },
    // Renews on, ends on, or payment due and grace until, with the card renewals charge (issue 39).
    { key: 'renewal', header: 'Renewal', cell: (l) => <RenewalSummary license={l} /> },
    {
      key: 'status',
      header: 'Status',
      cell: (l) => {
        // Active ones told apart: suspended, an unused Daily pass, starting later (license-display).
        // A key in grace is current (DESIGN §6.3: its booth works until the grace ends), not expired.
        const s = licenseStatusBadge(l);
        return <span className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${s.tone}`}>{s.label}</span>;
      },
    },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      card: 'actions',
      className: 'md:text-right',
      cell: (l) => {
        // A key in grace has not ended (DESIGN §6.3): the server lets it be revoked.
        const status = l.renewal_due?.in_grace ? 'active' : licenseAdminStatus(l);
        return (
          <span className="inline-flex flex-wrap items-center gap-2 md:flex-col md:items-end md:gap-1">
            {l.auto_renew ? (
              <button
                type="button"
                aria-label={`Turn off renewal of license ${truncateKey(l.license_key)} of ${l.email}`}
                onClick={() => onTurnOffRenewal(l)}
                className="rounded-md px-2.5 py-1 text-right text-xs font-semibold text-amber-900 hover:bg-amber-50"
              >
                Turn off renewal
              </button>
            ) : null}
          <button
            type="button"
            disabled={status !== 'active'}
            title={status === 'active' ? undefined : `This license is ${LICENSE_STATUS[status].label.toLowerCase()}`}
            aria-label={`Revoke license ${truncateKey(l.license_key)} of ${l.email}`}
            onClick={() => onRevoke(l)}
            className="rounded-md px-2.5 py-1 text-xs font-semibold text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
          >
            Revoke
          </button>
          </span>
        );
      },
    },
  ];
}
