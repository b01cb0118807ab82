import { NavLink, Outlet } from 'react-router';
import { paths } from '../../app/paths';

const ACCOUNT_NAV = [
  { name: 'Overview', link: paths.accounts.overview },
  { name: 'Resources', link: paths.accounts.resources },
  { name: 'Plans', link: paths.accounts.plans },
  { name: 'Products', link: paths.accounts.products },
  { name: 'Settings', link: paths.accounts.settings },
];

/** The account area's frame (filled in by the account-area issue). */
export function AccountLayout() {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 lg:flex-row">
      <nav aria-label="Account" className="lg:w-56">
        <h2 className="mb-3 text-sm font-semibold uppercase tracking-wider text-slate-500">Account</h2>
        <ul className="flex gap-2 overflow-x-auto lg:flex-col">
          {ACCOUNT_NAV.map((item) => (
            <li key={item.link}>
              <NavLink
                to={item.link}
                className={({ isActive }) =>
                  `block rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700 hover:bg-slate-50'}`
                }
              >
                {item.name}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex-1">
        <Outlet />
      </div>
    </div>
  );
}
