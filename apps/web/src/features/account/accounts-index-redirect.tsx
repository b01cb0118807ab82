import { Navigate } from 'react-router';
import { useAppSelector } from '../../lib/store-hooks';
import { paths } from '../../config/paths';

const KNOWN = new Set(['overview', 'resources', 'plans', 'products', 'settings']);

/** /accounts goes to the remembered account item, or /accounts/overview if none. */
export function AccountsIndexRedirect() {
  const remembered = useAppSelector((s) => s.user.selectedAccountsItem);
  const target = remembered && KNOWN.has(remembered) ? `${paths.accounts.root}/${remembered}` : paths.accounts.overview;
  return <Navigate to={target} replace />;
}
