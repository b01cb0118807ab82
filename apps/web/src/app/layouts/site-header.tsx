import { useState } from 'react';
import { Link, NavLink } from '../../lib/navigation';
import logoUrl from '../../assets/art/logo.svg';
import { CartIcon, CloseIcon, MenuIcon } from '../../components/ui/icons';
import { buttonClass } from '../../components/ui/button';
import { useAppSelector } from '../../lib/store-hooks';
import { paths } from '../../config/paths';
import { SITE_NAV } from '../../config/site-nav';
import { UserMenu } from './user-menu';
import { totalQuantity } from '@lbs/domain/cart';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'text-brand-700 bg-brand-50' : 'text-slate-700 hover:text-brand-700'
  }`;

export function CartButton() {
  const count = useAppSelector((s) => totalQuantity(s.cart.items));
  return (
    <Link
      to={paths.shipping}
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-700 hover:bg-brand-50"
      aria-label={`Cart, ${count} item${count === 1 ? '' : 's'}`}
    >
      <CartIcon />
      {count > 0 ? (
        <span className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-brand-600 px-1 text-center text-xs font-bold leading-5 text-white">
          {count}
        </span>
      ) : null}
    </Link>
  );
}

/** The site header; `className` lets the account area show it on small screens only. */
export function SiteHeader({ className = '' }: { className?: string }) {
  const user = useAppSelector((s) => s.user.user);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);

  return (
    <header className={`sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur ${className}`}>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 lg:px-8">
        <Link to={paths.home} className="flex shrink-0 items-center" aria-label="LentiBooth home">
          <img src={logoUrl} alt="LentiBooth" width={165} height={36} className="h-9 w-auto" />
        </Link>
        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {SITE_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end className={navLinkClass}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2">
          {user ? (
            <>
              <CartButton />
              <UserMenu />
            </>
          ) : (
            <div className="hidden items-center gap-2 lg:flex">
              <Link to={paths.login} className={buttonClass('ghost')}>
                Login
              </Link>
              <Link to={paths.signup} className={buttonClass('primary')}>
                Sign Up
              </Link>
            </div>
          )}
          <button
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-brand-50 lg:hidden"
            aria-expanded={open}
            aria-controls="mobile-menu"
            aria-label={open ? 'Close menu' : 'Open menu'}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      {open ? (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-slate-200 bg-white lg:hidden">
          <ul className="flex flex-col gap-1 px-4 py-3">
            {SITE_NAV.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end onClick={close} className={({ isActive }) => `block ${navLinkClass({ isActive })}`}>
                  {item.label}
                </NavLink>
              </li>
            ))}
            {!user ? (
              <>
                <li>
                  <NavLink to={paths.login} onClick={close} className={({ isActive }) => `block ${navLinkClass({ isActive })}`}>
                    Login
                  </NavLink>
                </li>
                <li>
                  <NavLink to={paths.signup} onClick={close} className={({ isActive }) => `block ${navLinkClass({ isActive })}`}>
                    Sign Up
                  </NavLink>
                </li>
              </>
            ) : null}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
