import type { ComponentType, SVGProps } from 'react';
import { paths } from '../../config/paths';
import { BoothsIcon, ProductsIcon } from '../../components/ui/icons';
import { OverviewIcon, PlansIcon, ResourcesIcon, SettingsIcon } from './components/account-icons';

type AccountItemKey = 'overview' | 'booths' | 'resources' | 'plans' | 'products' | 'settings';

export interface AccountNavItem {
  key: AccountItemKey;
  name: string;
  link: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
}

/** The side menu, in the spec's order. */
export const ACCOUNT_NAV: readonly AccountNavItem[] = [
  { key: 'overview', name: 'Overview', link: paths.accounts.overview, icon: OverviewIcon },
  // Every device across the customer's keys (issue 20), next to the keys themselves.
  { key: 'booths', name: 'Booths', link: paths.accounts.booths, icon: BoothsIcon },
  { key: 'resources', name: 'Resources', link: paths.accounts.resources, icon: ResourcesIcon },
  { key: 'plans', name: 'Plans', link: paths.accounts.plans, icon: PlansIcon },
  { key: 'products', name: 'Products', link: paths.accounts.products, icon: ProductsIcon },
  { key: 'settings', name: 'Settings', link: paths.accounts.settings, icon: SettingsIcon },
];

/**
 * The spec hides Resources "unless enabled". It is enabled unless the build sets
 * VITE_RESOURCES_ENABLED=false (e.g. before the app download exists); even then only licence
 * holders see it.
 */
export const RESOURCES_ENABLED = import.meta.env.VITE_RESOURCES_ENABLED !== 'false';

/** The item a path belongs to: the segment after /accounts/. */
export function accountItemOf(pathname: string): AccountNavItem | undefined {
  const segment = pathname.split('/')[2]?.toLowerCase();
  return ACCOUNT_NAV.find((item) => item.key === segment);
}

export const SETTINGS_TABS = [
  { key: 'notifications', name: 'Notifications', link: paths.accounts.notifications },
  { key: 'invoice', name: 'Invoices', link: paths.accounts.invoices },
  { key: 'order', name: 'Orders', link: paths.accounts.orders },
  { key: 'user-management', name: 'Profile', link: paths.accounts.profile },
] as const;

export type SettingsTabKey = (typeof SETTINGS_TABS)[number]['key'];

export const isSettingsTab = (value: string | null | undefined): value is SettingsTabKey =>
  SETTINGS_TABS.some((t) => t.key === value);
