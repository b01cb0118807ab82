import { useEffect, useState, type ComponentType, type SVGProps } from 'react';
import { MSG } from '@lbs/domain/messages';
import { ListEmpty, ListLoading } from './list-status';
import { notificationIconType, type NotificationType } from '@lbs/domain/statuses';
import { pageCount } from '@lbs/domain/paging';
import { Pager } from '../../../components/ui/pager';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { notificationActions } from '../../notifications/notification-slice';
import { useMarkNotificationMutation, useNotificationsQuery, type AppNotification } from '../../notifications/api';
import { AlertIcon, KeyIcon, ProductsIcon, TruckIcon } from '../components/account-icons';
import { formatDateTime } from '../format';

const ICONS: Record<NotificationType, { icon: ComponentType<SVGProps<SVGSVGElement>>; tone: string }> = {
  license_purchase: { icon: KeyIcon, tone: 'bg-brand-50 text-brand-700' },
  product_order: { icon: ProductsIcon, tone: 'bg-sky-50 text-sky-700' },
  order_status_update: { icon: TruckIcon, tone: 'bg-emerald-50 text-emerald-700' },
  payment_failed: { icon: AlertIcon, tone: 'bg-red-50 text-red-700' },
};

/** The two marks a notification takes, each offered until it is set. */
const MARKS = [
  { flag: 'read', isSet: 'is_read', label: MSG.markAsRead, tone: 'text-brand-700 hover:bg-brand-50' },
  { flag: 'done', isSet: 'is_done', label: MSG.markAsDone, tone: 'text-slate-600 hover:bg-slate-100' },
] as const;

/** Nine time zones, Pacific Time to Australian Eastern (spec §2); the choice is not saved. */
const TIME_ZONES = [
  'Pacific Time (PT)',
  'Mountain Time (MT)',
  'Central Time (CT)',
  'Eastern Time (ET)',
  'Greenwich Mean Time (GMT)',
  'Central European Time (CET)',
  'India Standard Time (IST)',
  'Singapore Time (SGT)',
  'Australian Eastern Time (AET)',
];

export function NotificationsTab() {
  const userId = useAppSelector((s) => s.user.user?.id);
  const [page, setPage] = useState(1);
  const { data, isLoading } = useNotificationsQuery({ userId: userId!, page }, { skip: !userId });
  const dispatch = useAppDispatch();
  const unread = data?.unread_count;
  // The list knows the true count too; the bell follows it even if the live stream is down.
  useEffect(() => {
    if (unread !== undefined) dispatch(notificationActions.setUnreadCount(unread));
  }, [unread, dispatch]);

  return (
    <div className="grid gap-8 lg:grid-cols-3">
      <section aria-labelledby="notifications-heading" className="lg:col-span-2">
        <h2 id="notifications-heading" className="text-lg font-semibold text-ink">
          Notifications
        </h2>
        {isLoading ? (
          <ListLoading />
        ) : !data?.items.length ? (
          <ListEmpty message={MSG.noNotifications} className="mt-4" />
        ) : (
          <>
            <ul className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200">
              {data.items.map((n) => (
                <NotificationRow key={n._id} n={n} userId={userId!} page={page} />
              ))}
            </ul>
            <Pager page={page} totalPages={pageCount(data.total, data.page_size)} onChange={setPage} label="Notification pages" />
          </>
        )}
      </section>
      <Preferences />
    </div>
  );
}

function NotificationRow({ n, userId, page }: { n: AppNotification; userId: number; page: number }) {
  const [mark, { isLoading }] = useMarkNotificationMutation();
  const { icon: Icon, tone } = ICONS[notificationIconType(n.type)];
  return (
    <li className={`flex gap-3 p-4 ${n.is_done ? 'opacity-50' : ''}`} data-testid="notification-row">
      <span className="relative mt-0.5 shrink-0">
        <span className={`inline-flex h-10 w-10 items-center justify-center rounded-full ${tone}`}>
          <Icon className="h-5 w-5" />
        </span>
        {!n.is_read ? (
          <span className="absolute -right-0.5 -top-0.5 h-3 w-3 rounded-full border-2 border-white bg-red-600" aria-label="Unread" role="img" />
        ) : null}
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h3 className={`text-sm ${n.is_read ? 'font-medium text-slate-700' : 'font-semibold text-ink'}`}>{n.title}</h3>
          <time dateTime={n.created_at} className="text-xs text-slate-500">
            {formatDateTime(n.created_at)}
          </time>
        </div>
        <p className="mt-1 text-sm text-slate-600">{n.message}</p>
        <div className="mt-2 flex gap-2">
          {MARKS.filter(({ isSet }) => !n[isSet]).map(({ flag, label, tone }) => (
            <button
              key={flag}
              type="button"
              disabled={isLoading}
              onClick={() => mark({ id: n._id, flag, userId, page })}
              className={`rounded-md px-2 py-1 text-xs font-semibold ${tone}`}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
    </li>
  );
}

/** The spec's preference checkboxes and time zone: shown, not persisted. */
function Preferences() {
  const [promo, setPromo] = useState(true);
  const [news, setNews] = useState(true);
  const [zone, setZone] = useState('Singapore Time (SGT)');
  return (
    <section aria-labelledby="preferences-heading" className="h-fit rounded-2xl border border-slate-200 bg-slate-50 p-5">
      <h2 id="preferences-heading" className="text-lg font-semibold text-ink">
        Preferences
      </h2>
      <fieldset className="mt-4 space-y-3">
        <legend className="text-sm font-medium text-slate-700">Email me about</legend>
        <label className="flex items-center gap-3 text-sm text-slate-700">
          <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={promo} onChange={(e) => setPromo(e.target.checked)} />
          Promotional emails
        </label>
        <label className="flex items-center gap-3 text-sm text-slate-700">
          <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={news} onChange={(e) => setNews(e.target.checked)} />
          New announcements
        </label>
      </fieldset>
      <label className="mt-5 block text-sm font-medium text-slate-700" htmlFor="time-zone">
        Time zone
      </label>
      <select
        id="time-zone"
        value={zone}
        onChange={(e) => setZone(e.target.value)}
        className="mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
      >
        {TIME_ZONES.map((z) => (
          <option key={z}>{z}</option>
        ))}
      </select>
    </section>
  );
}
