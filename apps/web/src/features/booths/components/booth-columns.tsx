import { BOOTH_USAGE_WINDOW_DAYS } from '@lbs/domain/booths';
import { LICENSE_TYPE_LABELS } from '@lbs/domain/license-terms';
import type { Column } from '../../../components/ui/data-table';
import { DeviceSharedFlag } from '../../../components/ui/device-shared-flag';
import { AlertIcon } from '../../../components/ui/icons';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { licenseStatusBadgeOf } from '../../../lib/license-display';
import type { Booth } from '../api';
import { allowanceText, boothLicenseStatus, boothTitle, countText, shortDeviceId, staleText } from '../booth-view';

/** The device id, short on screen (whole in its title) and whole for screen readers. */
function DeviceId({ id }: { id: string }) {
  const short = shortDeviceId(id);
  if (short === id) return <span className="font-mono text-xs font-normal text-slate-600">{id}</span>;
  return (
    <span title={id} className="font-mono text-xs font-normal text-slate-600">
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">{id}</span>
    </span>
  );
}

/** Name, device id and the two warnings a booth can carry. */
function BoothCell({ booth, now }: { booth: Booth; now: number }) {
  return (
    <div className="flex min-w-[9rem] flex-col gap-1">
      <span className="font-semibold text-ink [overflow-wrap:anywhere]">{boothTitle(booth)}</span>
      <DeviceId id={booth.device_id} />
      {booth.stale ? (
        <span className="inline-flex items-start gap-1 text-xs font-medium text-amber-800" title={`Offline allowance: ${allowanceText(booth.offline_allowance_hours)}`}>
          <AlertIcon className="mt-px h-3.5 w-3.5 shrink-0" aria-hidden />
          {staleText(booth.last_seen_at, now)}
        </span>
      ) : null}
      {booth.shared_at ? <DeviceSharedFlag at={booth.shared_at} /> : null}
    </div>
  );
}

/** Plan, the key's last group and its state; a booth holding several keys says how many more. */
function LicenseCell({ booth }: { booth: Booth }) {
  const badge = licenseStatusBadgeOf(boothLicenseStatus(booth.license.state));
  const more = booth.licenses_count - 1;
  return (
    <div className="flex min-w-[8.5rem] flex-col items-start gap-1">
      <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="whitespace-nowrap font-medium text-ink">{LICENSE_TYPE_LABELS[booth.license.type]}</span>
        <code className="whitespace-nowrap rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-ink" title="The key's last group; the whole key is on the Overview">
          …{booth.license.key_suffix}
        </code>
      </span>
      <span className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ${badge.tone}`}>{badge.label}</span>
      {more > 0 ? <span className="text-xs text-slate-600">{`+${more} more ${more === 1 ? 'key' : 'keys'} on this booth`}</span> : null}
    </div>
  );
}

/** '3 hours ago', the exact moment in the customer's zone on hover; written out for phones and screen readers. */
function LastSeen({ at, now }: { at: string | null; now: number }) {
  if (!at) return <span className="text-slate-600">Never</span>;
  const exact = formatDateTime(at);
  return (
    <time dateTime={at} title={exact} className="flex flex-col">
      <span className="whitespace-nowrap">{formatRelativeTime(at, now)}</span>
      <span className="text-xs text-slate-600 md:sr-only">{exact}</span>
    </time>
  );
}

/** Its date over its time, so the column stays narrow; the whole moment in the customer's zone. */
function LeaseUntil({ at }: { at: string | null }) {
  if (!at) return <span className="text-slate-600">--</span>;
  const [date, time] = formatDateTime(at).split(', ');
  return (
    <time dateTime={at} className="flex flex-col whitespace-nowrap max-md:flex-row max-md:gap-1">
      <span>{time ? `${date},` : date}</span>
      {time ? <span>{time}</span> : null}
    </time>
  );
}

function Usage({ booth }: { booth: Booth }) {
  return (
    <span className="flex flex-col whitespace-nowrap tabular-nums max-md:flex-row max-md:gap-1">
      <span>{`${countText(booth.files_7d)} ${booth.files_7d === 1 ? 'file' : 'files'}`}</span>
      <span className={booth.errors_7d ? 'font-semibold text-red-700' : 'text-slate-600'}>
        <span className="md:hidden">· </span>
        {`${countText(booth.errors_7d)} ${booth.errors_7d === 1 ? 'error' : 'errors'}`}
      </span>
    </span>
  );
}

export function boothColumns(onRename: (b: Booth) => void, now: number): ReadonlyArray<Column<Booth>> {
  return [
    { key: 'booth', header: 'Booth', cell: (b) => <BoothCell booth={b} now={now} />, card: 'title' },
    { key: 'license', header: 'License', cell: (b) => <LicenseCell booth={b} /> },
    { key: 'version', header: 'App version', cell: (b) => <span className="whitespace-nowrap">{b.app_version ?? '--'}</span> },
    { key: 'seen', header: 'Last seen', cell: (b) => <LastSeen at={b.last_seen_at} now={now} /> },
    { key: 'lease', header: 'Offline until', cell: (b) => <LeaseUntil at={b.lease_until} /> },
    // Files and errors share a column: two narrow counts would push Rename off a 1440 px table.
    { key: 'usage', header: `Last ${BOOTH_USAGE_WINDOW_DAYS} days`, cell: (b) => <Usage booth={b} /> },
    {
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      card: 'actions',
      className: 'md:text-right',
      cell: (b) => (
        <button
          type="button"
          onClick={() => onRename(b)}
          aria-label={`Rename booth ${boothTitle(b)}`}
          className="rounded-md border border-brand-600 px-3 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50 max-md:px-4 max-md:py-2 max-md:text-sm"
        >
          Rename
        </button>
      ),
    },
  ];
}
