import { Navigate } from 'react-router';
import { useAppSelector } from '../../app/store';
import { paths } from '../../app/paths';

const KNOWN = new Set(['overview', 'resources', 'plans', 'products', 'settings']);

/** /accounts goes to the remembered account item, or /accounts/overview if none. */
export function AccountsIndexRedirect() {
  const remembered = useAppSelector((s) => s.user.selectedAccountsItem);
  const target = remembered && KNOWN.has(remembered) ? `${paths.accounts.root}/${remembered}` : paths.accounts.overview;
  return <Navigate to={target} replace />;
}
