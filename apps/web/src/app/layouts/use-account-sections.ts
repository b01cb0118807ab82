import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import { useLicenseCheckQuery } from '../../features/account/api';
import { ACCOUNT_NAV, RESOURCES_ENABLED, accountItemOf, isSettingsTab, type AccountNavItem } from '../../features/account/account-nav';
import { userActions } from '../../features/session/user-slice';
import { paths } from '../../config/paths';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';

/**
 * The account's sections as this customer sees them: Resources only with a licence, so the licence
 * check runs here (a failed one counts as no licence, spec §4). The menus, the site header's copy
 * of them and the selected section are kept in the store.
 */
export function useAccountSections() {
  const { pathname } = useLocation();
  const dispatch = useAppDispatch();
  const storedLicense = useAppSelector((s) => s.user.hasLicense);
  const settingsItem = useAppSelector((s) => s.user.selectedSettingsSubItem);
  const check = useLicenseCheckQuery(undefined, { refetchOnMountOrArgChange: true });

  // The answer is used in this very render; the store copy (for other screens) is only updated
  // by the effect below, one render later.
  const hasLicense = check.data ? check.data.has_license : check.isError ? false : storedLicense;
  useEffect(() => {
    if (check.data) dispatch(userActions.setHasLicense(check.data.has_license));
    else if (check.isError) dispatch(userActions.setHasLicense(false));
  }, [check.data, check.isError, dispatch]);

  const items = useMemo(
    () => ACCOUNT_NAV.filter((item) => item.key !== 'resources' || (RESOURCES_ENABLED && hasLicense === true)),
    [hasLicense],
  );
  useEffect(() => {
    dispatch(userActions.setAccountHeaderItems(items.map((i) => ({ name: i.name, link: i.link, icon: i.key }))));
  }, [items, dispatch]);

  const selected = accountItemOf(pathname);
  useEffect(() => {
    if (selected) dispatch(userActions.setSelectedAccountsItem(selected.key));
  }, [selected, dispatch]);

  const linkOf = (item: AccountNavItem) =>
    item.key === 'settings'
      ? `${paths.accounts.settings}/${isSettingsTab(settingsItem) ? settingsItem : 'notifications'}`
      : item.link;

  return { pathname, check, hasLicense, items, selected, linkOf };
}
