import { Navigate, Outlet } from 'react-router';
import { MSG } from '@lbs/domain/messages';
import { CloseIcon } from '../../components/ui/icons';
import { useAppSelector } from '../../lib/store-hooks';
import { paths } from '../../config/paths';
import { CartButton } from './site-header';
import { UserMenu } from './user-menu';
import { AccountSectionTabs, AccountSideMenu } from './account-menus';
import { useAccountSections } from './use-account-sections';
import { usePanelOpen } from './use-panel-open';
import { isAdmin } from '../../features/session/user-slice';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { useNotificationStream } from '../../features/notifications/use-notification-stream';
import { usePreferencesQuery } from '../../features/account/api';
import { setDisplayTimeZone } from '../../lib/format-date';

/**
 * The account area: a modal panel over the site on wide screens (side menu, top bar with cart,
 * bell and user menu), a plain page under the site header on small ones. It runs the licence
 * check that Resources depends on and keeps the notification count live.
 */
export function AccountLayout() {
  const user = useAppSelector((s) => s.user.user);
  const { pathname, check, hasLicense, items, selected, linkOf } = useAccountSections();
  // Dates in the account area show in the customer's chosen zone: set before the children render.
  const preferences = usePreferencesQuery();
  setDisplayTimeZone(preferences.data?.time_zone);
  const { open, close } = usePanelOpen();

  useNotificationStream(Boolean(user), isAdmin(user));

  // Only the first check blocks the screen; a re-check runs behind the current view, except
  // that Resources waits for it rather than send a new licence holder to /404 on a stale "no".
  // The first preferences answer blocks it too: the page below is keyed by its time zone, so a
  // page shown before it came would be thrown away and mounted afresh when it did, losing what
  // the visitor had typed or picked meanwhile (a list's search, a half-filled form). A failed
  // answer does not block: the page shows in the browser's zone.
  const onResources = pathname.replace(/\/$/, '') === paths.accounts.resources;
  const checking =
    hasLicense === null ||
    preferences.isLoading ||
    (onResources && !hasLicense && check.isFetching);
  let content: React.ReactNode = <Outlet />;
  if (checking) {
    content = (
      <p role="status" className="flex items-center justify-center gap-3 py-24 text-slate-600">
        <span
          className="h-6 w-6 animate-spin rounded-full border-4 border-brand-100 border-t-brand-600"
          aria-hidden
        />
        {MSG.loading}
      </p>
    );
  } else if (onResources && !hasLicense) {
    content = <Navigate to={paths.notFound} replace />;
  }
  const menu = { items, selectedKey: selected?.key, linkOf };

  return (
    <div
      className={`bg-slate-50 lg:fixed lg:inset-0 lg:z-50 lg:flex lg:items-center lg:justify-center lg:bg-ink/70 lg:p-6 lg:backdrop-blur-sm lg:transition-opacity lg:duration-500 ${
        open ? 'lg:opacity-100' : 'lg:opacity-0'
      }`}
    >
      <section
        aria-label="Account area"
        className={`flex min-h-[calc(100vh-4rem)] w-full bg-white transition-transform duration-500 lg:h-full lg:max-h-[60rem] lg:min-h-0 lg:max-w-7xl lg:overflow-hidden lg:rounded-2xl lg:shadow-2xl ${
          open ? 'lg:translate-y-0' : 'lg:translate-y-4'
        }`}
      >
        <AccountSideMenu {...menu} />

        <div className="flex min-w-0 flex-1 flex-col">
          {/* One bar: on wide screens where you are and the tools; on phones the sections themselves
              (scrolling, the current one always in view), so the page starts high. */}
          <div className="flex items-center justify-between gap-1 border-b border-slate-200 py-1.5 pl-1 pr-2 lg:gap-3 lg:px-8 lg:py-3">
            <p className="hidden truncate text-sm font-medium text-slate-500 lg:block">
              <span>{MSG.account} / </span>
              <span className="text-ink">{selected?.name ?? MSG.account}</span>
            </p>
            <AccountSectionTabs {...menu} />
            <div className="flex shrink-0 items-center gap-0.5 sm:gap-2">
              <span className="hidden lg:inline-flex">
                <CartButton />
              </span>
              <NotificationBell />
              <span className="hidden lg:inline-flex">
                <UserMenu />
              </span>
              <button
                type="button"
                onClick={close}
                className="inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
                aria-label={MSG.accountClose}
              >
                <CloseIcon />
              </button>
            </div>
          </div>

          {/* Keyed by the time zone: a new zone renders every date of the page afresh in it. */}
          <div
            key={preferences.data?.time_zone ?? 'browser'}
            className="flex-1 px-4 pb-6 pt-4 sm:px-6 sm:py-6 lg:overflow-y-auto lg:px-8 lg:py-8"
          >
            {content}
          </div>
        </div>
      </section>
    </div>
  );
}
