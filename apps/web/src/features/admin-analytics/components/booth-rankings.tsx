import { Link } from 'react-router';
import type { TBoothActivity, TBoothRanking } from '@lbs/domain/report-responses';
import { MSG } from '@lbs/domain/messages';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { paths } from '../../../config/paths';
import { shortDevice } from '../analytics-view';
import { licenseLink } from './event-tables';

const linkClass = 'text-brand-700 underline decoration-brand-300 underline-offset-2 hover:decoration-brand-700';

/** The booth's name if it has one, else its device id (short on screen, whole for screen readers). */
function BoothName({ booth }: { booth: TBoothActivity }) {
  if (booth.booth_name) {
    return (
      <span>
        <span className="font-semibold">{booth.booth_name}</span>{' '}
        <span className="font-mono text-xs text-slate-500" title={booth.device_id}>
          {shortDevice(booth.device_id)}
        </span>
      </span>
    );
  }
  const short = shortDevice(booth.device_id);
  return (
    <span className="font-mono text-xs" title={short === booth.device_id ? undefined : booth.device_id}>
      {short}
    </span>
  );
}

const count = 'whitespace-nowrap tabular-nums md:text-right';

/** A booth, its licence (the key's last group, opening the admin licence list on it) and its customer's page. */
const BOOTH_COLUMNS: ReadonlyArray<Column<TBoothActivity>> = [
  { key: 'booth', header: 'Booth', cell: (b) => <BoothName booth={b} />, card: 'title' },
  {
    key: 'license',
    header: 'License',
    cell: (b) => (
      <Link to={licenseLink(b.license_id)} aria-label={`License …${b.key_suffix}`} className={`font-mono text-xs ${linkClass}`}>
        …{b.key_suffix}
      </Link>
    ),
    className: 'whitespace-nowrap',
  },
  {
    key: 'customer',
    header: 'Customer',
    cell: (b) => (
      <Link to={paths.accounts.admin.customer(b.customer_id)} className={`[overflow-wrap:anywhere] ${linkClass}`}>
        {b.email}
      </Link>
    ),
  },
  { key: 'events', header: 'Events', cell: (b) => b.events.toLocaleString('en-US'), className: count },
  { key: 'errors', header: 'Errors', cell: (b) => b.errors.toLocaleString('en-US'), className: count },
];

/**
 * The period's busiest booths and the ones with the most errors, 10 each, one list above the
 * other (side by side, the names and emails wrapped at 1440 px): where to look when a customer
 * calls, or before they do.
 */
export function BoothRankings({
  ranking,
  loading,
  failed,
}: {
  ranking: TBoothRanking | undefined;
  loading: boolean;
  failed: { onRetry: () => void; retrying: boolean } | false;
}) {
  const lists = [
    { id: 'busiest-booths', title: 'Busiest booths', rows: ranking?.busiest, empty: MSG.noDataAvailableTable },
    { id: 'booths-most-errors', title: 'Booths with the most errors', rows: ranking?.most_errors, empty: 'No errors in this period' },
  ];
  return (
    <div className="flex flex-col gap-6">
      {lists.map((list) => (
        <section key={list.id} aria-labelledby={list.id} className="flex min-w-0 flex-col gap-3" data-testid={list.id}>
          <h3 id={list.id} className="text-lg font-semibold text-ink">
            {list.title}
          </h3>
          <DataTable
            caption={list.title}
            columns={BOOTH_COLUMNS}
            rows={list.rows}
            rowKey={(b) => `${b.license_id}:${b.device_id}`}
            loading={loading}
            failed={failed}
            empty={list.empty}
            dense
          />
        </section>
      ))}
    </div>
  );
}
