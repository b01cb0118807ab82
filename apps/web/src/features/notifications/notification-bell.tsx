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
        // Inside the bell's own box (right-aligned, at most its width, small type): "99+" never
        // reaches over what sits beside the bell, and at 375 px a tab cut at the strip's edge no
        // longer runs into it (issue 37: it seemed to cover "Resources").
        <span className="absolute right-0 top-0.5 min-w-4 max-w-full overflow-hidden rounded-full bg-red-600 px-1 text-center text-[10px] font-bold leading-4 text-white" aria-hidden>
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
