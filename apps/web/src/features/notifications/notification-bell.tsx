import { Link } from 'react-router';
import { BellIcon } from '../../components/ui/icons';
import { useAppSelector } from '../../lib/store-hooks';
import { paths } from '../../config/paths';
import { isAdmin } from '../session/user-slice';

/**
 * The bell with the unread count; opens the notifications tab. An admin's bell is the admins'
 * feed (the stream counts it for them) and opens the back office's NOTIFICATIONS.
 */
export function NotificationBell() {
  const count = useAppSelector((s) => s.notification.unreadCount);
  const admin = useAppSelector((s) => isAdmin(s.user.user));
  return (
    <Link
      to={admin ? paths.accounts.admin.notifications : paths.accounts.notifications}
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-brand-50"
      aria-label={`Notifications, ${count} unread`}
      data-testid="notification-bell"
    >
      <BellIcon />
      {count > 0 ? (
        // Inside the bell's own box (right-aligned, at most its width): "99+" never reaches over
        // what sits beside the bell, such as the account area's tab strip on a phone.
        <span className="absolute right-0 top-0 min-w-5 max-w-full overflow-hidden rounded-full bg-red-600 px-1 text-center text-xs font-bold leading-5 text-white" aria-hidden>
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
