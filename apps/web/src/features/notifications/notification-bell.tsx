import { Link } from 'react-router';
import { BellIcon } from '../../components/ui/icons';
import { useAppSelector } from '../../lib/store-hooks';
import { paths } from '../../config/paths';

/** The bell with the unread count; opens the notifications tab. */
export function NotificationBell() {
  const count = useAppSelector((s) => s.notification.unreadCount);
  return (
    <Link
      to={paths.accounts.notifications}
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-brand-50"
      aria-label={`Notifications, ${count} unread`}
      data-testid="notification-bell"
    >
      <BellIcon />
      {count > 0 ? (
        <span className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-xs font-bold leading-5 text-white" aria-hidden>
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
