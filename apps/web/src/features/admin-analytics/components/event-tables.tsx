import type { TErrorEvent, TUsageEvent } from '@lbs/domain/report-responses';
import type { Column } from '../../../components/ui/data-table';
import { formatEventTime, formatSeconds, orDash, shortDevice } from '../analytics-view';

/** The device id, short on screen (full on hover) and whole for screen readers. */
function Device({ id }: { id: string }) {
  const short = shortDevice(id);
  if (short === id) return <span className="font-mono text-xs">{id}</span>;
  return (
    <span title={id} className="font-mono text-xs">
      <span aria-hidden="true">{short}</span>
      <span className="sr-only">{id}</span>
    </span>
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
    cell: (e) => <Device id={e.device_address} />,
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
    cell: (e) => <Device id={e.device_address} />,
    className: nowrap,
  },
  {
    key: 'error',
    header: 'Error',
    cell: (e) => <span className="text-red-700">{orDash(e.error_message)}</span>,
    card: 'title',
  },
];
