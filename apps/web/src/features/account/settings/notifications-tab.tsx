import { useEffect, useState } from 'react';
import { MSG } from '@lbs/domain/messages';
import { DEFAULT_DISPLAY_TIME_ZONE, DISPLAY_TIME_ZONES, type TPreferences } from '@lbs/domain/preferences';
import { usePreferencesQuery, useUpdatePreferencesMutation } from '../api';
import { ListEmpty, ListLoading } from './list-status';
import { LoadFailed } from '../../../components/ui/load-failed';
import { pageCount } from '@lbs/domain/paging';
import { Pager } from '../../../components/ui/pager';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { notificationActions } from '../../notifications/notification-slice';
import {
  useMarkNotificationMutation,
  useNotificationsQuery,
  type AppNotification,
} from '../../notifications/api';
import { NotificationIcon } from '../../../components/ui/notification-icon';
import { NotificationMarks } from '../../../components/ui/notification-marks';
import { formatDateTime } from '../format';
import { isAdmin } from '../../session/user-slice';

export function NotificationsTab() {
  const userId = useAppSelector((s) => s.user.user?.id);
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, isFetching, refetch } = useNotificationsQuery({ userId: userId!, page }, { skip: !userId });
  const dispatch = useAppDispatch();
  const unread = data?.unread_count;
  // An admin's bell counts the admins' feed, not these (their own, if they bought something).
  const admin = useAppSelector((s) => isAdmin(s.user.user));
  // The list knows the true count too; the bell follows it even if the live stream is down.
  useEffect(() => {
    if (unread !== undefined && !admin) dispatch(notificationActions.setUnreadCount(unread));
  }, [unread, admin, dispatch]);

  return (
    <div className="grid gap-8 lg:grid-cols-3">
      <section aria-labelledby="notifications-heading" className="lg:col-span-2">
        <h2 id="notifications-heading" className="text-lg font-semibold text-ink">
          Notifications
        </h2>
        {isLoading ? (
          <ListLoading />
        ) : isError ? (
          <div className="mt-4">
            <LoadFailed onRetry={() => void refetch()} busy={isFetching} />
          </div>
        ) : !data?.items.length ? (
          <ListEmpty message={MSG.noNotifications} className="mt-4" />
        ) : (
          <>
            <ul className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200">
              {data.items.map((n) => (
                <NotificationRow key={n._id} n={n} userId={userId!} page={page} />
              ))}
            </ul>
            <Pager
              page={page}
              totalPages={pageCount(data.total, data.page_size)}
              onChange={setPage}
              label="Notification pages"
            />
          </>
        )}
      </section>
      <Preferences />
    </div>
  );
}

function NotificationRow({
  n,
  userId,
  page,
}: {
  n: AppNotification;
  userId: number;
  page: number;
}) {
  const [mark, { isLoading }] = useMarkNotificationMutation();
  return (
    // Done rows are dimmed by colour, not opacity: faded text would fall under 4.5:1 contrast.
    <li
      className={`flex gap-3 p-4 ${n.is_done ? 'bg-slate-50' : ''}`}
      data-testid="notification-row"
      data-done={n.is_done || undefined}
    >
      <span className={`mt-0.5 ${n.is_done ? 'opacity-60' : ''}`}>
        <NotificationIcon type={n.type} unread={!n.is_read} />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h3
            className={`text-sm ${n.is_done ? 'font-medium text-slate-500' : n.is_read ? 'font-medium text-slate-700' : 'font-semibold text-ink'}`}
          >
            {n.title}
          </h3>
          <time dateTime={n.created_at} className="text-xs text-slate-500">
            {formatDateTime(n.created_at)}
          </time>
        </div>
        <p className={`mt-1 text-sm ${n.is_done ? 'text-slate-500' : 'text-slate-600'}`}>
          {n.message}
        </p>
        <NotificationMarks
          n={n}
          busy={isLoading}
          onMark={(flag) => mark({ id: n._id, flag, userId, page })}
          className="mt-2"
        />
      </div>
    </li>
  );
}

/**
 * The spec's preference checkboxes and time zone, stored on the account: each change is saved at
 * once (and said so), dates across the account follow the zone; announcements go to those who
 * keep them on, promotional mail only to those who turned it on (it starts off).
 */
function Preferences() {
  const { data } = usePreferencesQuery();
  const [save, saving] = useUpdatePreferencesMutation();
  const [said, setSaid] = useState<string | null>(null);
  const change = async (patch: Partial<TPreferences>) => {
    if (!data) return;
    setSaid(null);
    try {
      await save({ ...data, ...patch }).unwrap();
      setSaid('Preferences saved');
    } catch {
      setSaid(MSG.unexpectedError);
    }
  };
  const disabled = !data || saving.isLoading;
  return (
    <section aria-labelledby="preferences-heading" className="h-fit rounded-2xl border border-slate-200 bg-slate-50 p-5">
      <h2 id="preferences-heading" className="text-lg font-semibold text-ink">
        Preferences
      </h2>
      <fieldset className="mt-4 space-y-3" disabled={disabled}>
        <legend className="text-sm font-medium text-slate-700">Email me about</legend>
        <div>
          <label className="flex items-center gap-3 text-sm text-slate-700">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-600"
              checked={data?.promotional_emails ?? false}
              aria-describedby="promotional-hint"
              onChange={(e) => void change({ promotional_emails: e.target.checked })}
            />
            Promotional emails
          </label>
          {/* Consent first (Singapore's PDPA): off until the customer turns it on. */}
          <p id="promotional-hint" className="ml-7 text-xs text-slate-600">
            Offers and discounts. Off until you turn it on.
          </p>
        </div>
        <div>
          <label className="flex items-center gap-3 text-sm text-slate-700">
            <input
              type="checkbox"
              className="h-4 w-4 accent-brand-600"
              checked={data?.announcements ?? true}
              aria-describedby="announcements-hint"
              onChange={(e) => void change({ announcements: e.target.checked })}
            />
            New announcements
          </label>
          <p id="announcements-hint" className="ml-7 text-xs text-slate-600">
            Service and product news, such as a new app version.
          </p>
        </div>
      </fieldset>
      <label className="mt-5 block text-sm font-medium text-slate-700" htmlFor="time-zone">
        Time zone
      </label>
      <select
        id="time-zone"
        value={data?.time_zone ?? DEFAULT_DISPLAY_TIME_ZONE}
        disabled={disabled}
        onChange={(e) => void change({ time_zone: e.target.value as TPreferences['time_zone'] })}
        className="mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
      >
        {DISPLAY_TIME_ZONES.map((z) => (
          <option key={z.id} value={z.id}>
            {z.label}
          </option>
        ))}
      </select>
      <p role="status" className="mt-3 min-h-5 text-sm text-slate-600">
        {said}
      </p>
    </section>
  );
}
