import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '../../lib/store-hooks';
import { isAdmin } from '../../features/session/user-slice';
import { AdminLayout } from '../../features/admin/admin-layout';
import { CustomerSearch } from '../../features/admin-customer/components/customer-search';
import { OverviewPage } from '../../features/account/pages/overview-page';
import { paths } from '../../config/paths';

/**
 * /accounts/overview: admins get the back office (its sections are the child routes), customers
 * their licence overview. A customer who types a back-office path lands on their own overview;
 * the API refuses them the data either way.
 */
export function OverviewRoute() {
  const user = useAppSelector((s) => s.user.user);
  const { pathname } = useLocation();
  const rest = pathname.replace(/\/+$/, '') !== paths.accounts.overview;
  if (isAdmin(user)) return <AdminLayout search={<CustomerSearch />} />;
  if (rest) return <Navigate to={paths.accounts.overview} replace />;
  return <OverviewPage />;
}
