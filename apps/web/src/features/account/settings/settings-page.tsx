import { useEffect, useRef } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useAppDispatch } from '../../../lib/store-hooks';
import { paths } from '../../../config/paths';
import { userActions } from '../../session/user-slice';
import { SETTINGS_TABS, isSettingsTab, type SettingsTabKey } from '../account-nav';
import { NotificationsTab } from './notifications-tab';
import { InvoicesTab } from './invoices-tab';
import { OrdersTab } from './orders-tab';
import { ProfileTab } from './profile-tab';

const PANELS: Record<SettingsTabKey, () => React.ReactNode> = {
  notifications: () => <NotificationsTab />,
  invoice: () => <InvoicesTab />,
  order: () => <OrdersTab />,
  'user-management': () => <ProfileTab />,
};

/** Settings: the tab follows the path; /accounts/settings alone opens Notifications. */
export function SettingsPage() {
  const rest = (useParams()['*'] ?? '').split('/')[0]!.toLowerCase();
  const dispatch = useAppDispatch();
  const tab = isSettingsTab(rest) ? rest : null;

  useEffect(() => {
    if (tab) dispatch(userActions.setSelectedSettingsSubItem(tab));
  }, [tab, dispatch]);
  // Phones: the open tab (Profile is the fourth) is scrolled into view rather than sitting off-screen.
  const tabs = useRef<HTMLUListElement>(null);
  useEffect(() => {
    tabs.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  if (!rest) return <Navigate to={paths.accounts.notifications} replace />;
  if (!tab) return <Navigate to={paths.notFound} replace />;

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="text-2xl font-bold text-ink sm:text-3xl">Settings</h1>
      <nav aria-label="Settings" className="mt-4 border-b border-slate-200 sm:mt-6">
        <ul ref={tabs} className="-mb-px flex gap-1 overflow-x-auto [scrollbar-width:none]">
          {SETTINGS_TABS.map((t) => {
            const active = t.key === tab;
            return (
              <li key={t.key}>
                <Link
                  to={t.link}
                  aria-current={active ? 'page' : undefined}
                  className={`inline-block whitespace-nowrap border-b-2 px-3 py-2.5 text-sm font-semibold sm:px-4 transition-colors ${
                    active
                      ? 'border-brand-600 text-brand-700'
                      : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-ink'
                  }`}
                >
                  {t.name}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="pt-6">{PANELS[tab]()}</div>
    </div>
  );
}
