import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { MSG } from '@lbs/domain/messages';
import logoUrl from '../../assets/art/logo.svg';
import { CloseIcon } from '../../components/ui/icons';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { paths } from '../../config/paths';
import { CartButton } from './site-header';
import { UserMenu } from './user-menu';
import { isAdmin, userActions } from '../../features/session/user-slice';
import { NotificationBell } from '../../features/notifications/notification-bell';
import { useNotificationStream } from '../../features/notifications/use-notification-stream';
import { useLicenseCheckQuery, usePreferencesQuery } from '../../features/account/api';
import { setDisplayTimeZone } from '../../lib/format-date';
import {
  ACCOUNT_NAV,
  RESOURCES_ENABLED,
  accountItemOf,
  isSettingsTab,
  type AccountNavItem,
} from '../../features/account/account-nav';

/** The spec's close delay: the panel fades out, then the site comes back at /. */
const CLOSE_DELAY_MS = 500;

const itemClass = (active: boolean) =>
  `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors ${
    active
      ? 'bg-brand-600 text-white shadow-sm'
      : 'text-slate-700 hover:bg-brand-50 hover:text-brand-700'
  }`;

/**
 * The account area: a modal panel over the site on wide screens (side menu, top bar with cart,
 * bell and user menu), a plain page under the site header on small ones. It runs the licence
 * check that Resources depends on and keeps the notification count live.
 */
export function AccountLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => s.user.user);
  const storedLicense = useAppSelector((s) => s.user.hasLicense);
  const settingsItem = useAppSelector((s) => s.user.selectedSettingsSubItem);
  const check = useLicenseCheckQuery(undefined, { refetchOnMountOrArgChange: true });
  // Dates in the account area show in the customer's chosen zone: set before the children render.
  const preferences = usePreferencesQuery();
  const sectionsNav = useRef<HTMLElement>(null);
  setDisplayTimeZone(preferences.data?.time_zone);
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useNotificationStream(Boolean(user), isAdmin(user));

  // A failed check counts as no licence (spec §4). The answer is used in this very render; the
  // store copy (for other screens) is only updated by the effect below, one render later.
  const hasLicense = check.data ? check.data.has_license : check.isError ? false : storedLicense;
  useEffect(() => {
    if (check.data) dispatch(userActions.setHasLicense(check.data.has_license));
    else if (check.isError) dispatch(userActions.setHasLicense(false));
  }, [check.data, check.isError, dispatch]);

  const items = useMemo(
    () =>
      ACCOUNT_NAV.filter(
        (item) => item.key !== 'resources' || (RESOURCES_ENABLED && hasLicense === true),
      ),
    [hasLicense],
  );
  useEffect(() => {
    dispatch(
      userActions.setAccountHeaderItems(
        items.map((i) => ({ name: i.name, link: i.link, icon: i.key })),
      ),
    );
  }, [items, dispatch]);

  const selected = accountItemOf(pathname);
  // Phones: the current section's tab is scrolled into view, never cut off at the edge. Again when
  // the items change: Resources appears once the licence check answers and pushes the later tabs
  // (Plans, Products, Settings) out of the view the first scroll left them in.
  useEffect(() => {
    sectionsNav.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [selected?.key, items]);
  useEffect(() => {
    if (selected) dispatch(userActions.setSelectedAccountsItem(selected.key));
  }, [selected, dispatch]);

  useEffect(() => {
    const id = requestAnimationFrame(() => setOpen(true));
    return () => {
      cancelAnimationFrame(id);
      clearTimeout(closeTimer.current);
    };
  }, []);

  const close = () => {
    if (closeTimer.current) return;
    setOpen(false);
    closeTimer.current = setTimeout(() => navigate(paths.home), CLOSE_DELAY_MS);
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // Escape belongs to an open dialog or menu first; only then does it close the panel.
      if (e.key === 'Escape' && !document.querySelector('dialog[open], [role="menu"]')) close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  const linkOf = (item: AccountNavItem) =>
    item.key === 'settings'
      ? `${paths.accounts.settings}/${isSettingsTab(settingsItem) ? settingsItem : 'notifications'}`
      : item.link;

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
        <aside className="hidden w-64 shrink-0 flex-col border-r border-slate-200 bg-slate-50 p-5 lg:flex">
          <Link to={paths.home} className="mb-8 flex items-center" aria-label="LentiBooth home">
            <img src={logoUrl} alt="LentiBooth" width={148} height={32} className="h-8 w-auto" />
          </Link>
          <nav aria-label="Account">
            <h2 className="mb-3 px-3 text-xs font-semibold uppercase tracking-wider text-slate-500">
              {MSG.account}
            </h2>
            <ul className="flex flex-col gap-1">
              {items.map((item) => (
                <li key={item.key}>
                  <Link
                    to={linkOf(item)}
                    className={itemClass(selected?.key === item.key)}
                    aria-current={selected?.key === item.key ? 'page' : undefined}
                  >
                    <item.icon />
                    {item.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </aside>

        <div className="flex min-w-0 flex-1 flex-col">
          {/* One bar: on wide screens where you are and the tools; on phones the sections themselves
              (scrolling, the current one always in view), so the page starts high. */}
          <div className="flex items-center justify-between gap-1 border-b border-slate-200 py-1.5 pl-1 pr-2 lg:gap-3 lg:px-8 lg:py-3">
            <p className="hidden truncate text-sm font-medium text-slate-500 lg:block">
              <span>{MSG.account} / </span>
              <span className="text-ink">{selected?.name ?? MSG.account}</span>
            </p>
            <nav
              aria-label="Account sections"
              className="min-w-0 flex-1 lg:hidden"
              ref={sectionsNav}
            >
              <ul className="flex gap-1 overflow-x-auto px-1 py-1 [scrollbar-width:none]">
                {items.map((item) => (
                  <li key={item.key} className="shrink-0">
                    <Link
                      to={linkOf(item)}
                      className={`${itemClass(selected?.key === item.key)} px-2.5 py-1.5`}
                      aria-current={selected?.key === item.key ? 'page' : undefined}
                    >
                      <item.icon className="h-4 w-4" />
                      {item.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
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
