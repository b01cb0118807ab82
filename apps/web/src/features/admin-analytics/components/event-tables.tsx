import { Link } from 'react-router';
import type { TErrorEvent, TUsageEvent } from '@lbs/domain/report-responses';
import type { Column } from '../../../components/ui/data-table';
import { paths } from '../../../config/paths';
import { formatEventTime, formatSeconds, orDash, shortDevice } from '../analytics-view';

/** The licence an event was reported with. */
type EventLicense = Pick<TUsageEvent, 'license_id' | 'key_suffix'>;

/** The admin licence list, searched for one licence (its id finds exactly that one). */
export const licenseLink = (licenseId: string) => `${paths.accounts.admin.licenses}?q=${encodeURIComponent(licenseId)}`;

/**
 * The device id, short on screen (full on hover) and whole for screen readers; a link to the
 * licence it reported with, in the admin licence list (its device, version and last check).
 */
function Device({ id, event }: { id: string; event: EventLicense }) {
  const short = shortDevice(id);
  const text =
    short === id ? (
      id
    ) : (
      <>
        <span aria-hidden="true">{short}</span>
        <span className="sr-only">{id}</span>
      </>
    );
  if (!event.license_id) return <span title={short === id ? undefined : id} className="font-mono text-xs">{text}</span>;
  const suffix = event.key_suffix ? ` …${event.key_suffix}` : '';
  // One name for the link (the device and where it goes), rather than pieces of hidden text.
  return (
    <Link
      to={licenseLink(event.license_id)}
      aria-label={`${id}, open its license${suffix}`}
      title={`${id}: open its license${suffix}`}
      className="font-mono text-xs text-brand-700 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700"
    >
      {short}
    </Link>
  );
}

const nowrap = 'whitespace-nowrap';

/** Spec §2: Timestamp, IP, Filename, Type, Time (s), Device. */
export const USAGE_COLUMNS: ReadonlyArray<Column<TUsageEvent>> = [
  {
    key: 'timestamp',
    header: 'Timestamp',
    cell: (e) => formatEventTime(e.timestamp),
    className: nowrap,
  },
  {
    key: 'ip',
    header: 'IP',
    cell: (e) => <span className="font-mono text-xs">{orDash(e.ip_address)}</span>,
    className: nowrap,
  },
  {
    key: 'filename',
    header: 'Filename',
    cell: (e) => orDash(e.filename),
    card: 'title',
    className: 'break-words',
  },
  { key: 'type', header: 'Type', cell: (e) => orDash(e.file_type) },
  {
    key: 'time',
    header: 'Time (s)',
    cell: (e) => formatSeconds(e.processing_time),
    className: `${nowrap} tabular-nums md:text-right`,
  },
  {
    key: 'device',
    header: 'Device',
    cell: (e) => <Device id={e.device_address} event={e} />,
    className: nowrap,
  },
];

/** Spec §2: Timestamp, IP, Type, Device, Error; and the file that failed, which the booth sends. */
export const ERROR_COLUMNS: ReadonlyArray<Column<TErrorEvent>> = [
  {
    key: 'timestamp',
    header: 'Timestamp',
    cell: (e) => formatEventTime(e.timestamp),
    className: nowrap,
  },
  {
    key: 'ip',
    header: 'IP',
    cell: (e) => <span className="font-mono text-xs">{orDash(e.ip_address)}</span>,
    className: nowrap,
  },
  {
    key: 'filename',
    header: 'Filename',
    cell: (e) => orDash(e.filename),
    className: 'break-words',
  },
  { key: 'type', header: 'Type', cell: (e) => orDash(e.file_type) },
  {
    key: 'device',
    header: 'Device',
    cell: (e) => <Device id={e.device_address} event={e} />,
    className: nowrap,
  },
  {
    key: 'error',
    header: 'Error',
    cell: (e) => <span className="text-red-700">{orDash(e.error_message)}</span>,
    card: 'title',
  },
];
