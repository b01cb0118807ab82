import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from '../../lib/navigation';
import avatarUrl from '../../assets/art/avatar-default.svg';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks';
import { paths } from '../../config/paths';
import { signOut } from '../../features/session/sign-out';

/** Avatar button with 'Account' and 'Sign out'; closes on an outside click or Escape. */
export function UserMenu() {
  const user = useAppSelector((s) => s.user.user);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!user) return null;
  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        className="flex h-10 w-10 items-center justify-center overflow-hidden rounded-full ring-2 ring-brand-100 hover:ring-brand-500"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label="User menu"
        onClick={() => setOpen((v) => !v)}
      >
        <img src={user.photoURL || avatarUrl} alt="" width={40} height={40} className="h-10 w-10 object-cover" />
      </button>
      {open ? (
        <div role="menu" className="absolute right-0 mt-2 w-48 rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
          <p className="truncate px-4 py-2 text-xs text-slate-500">{user.email}</p>
          <Link
            role="menuitem"
            to={paths.accounts.overview}
            className="block px-4 py-2 text-sm text-slate-700 hover:bg-brand-50"
            onClick={() => setOpen(false)}
          >
            Account
          </Link>
          <button
            role="menuitem"
            type="button"
            className="block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-brand-50"
            onClick={async () => {
              setOpen(false);
              await signOut(dispatch);
              navigate(paths.login);
            }}
          >
            Sign out
          </button>
        </div>
      ) : null}
    </div>
  );
}
