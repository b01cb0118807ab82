import { Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { MSG } from '@lbs/domain/messages';
import { ADMIN_TABS, adminTabOf } from './admin-tabs';

/**
 * The back office shell: the section tabs as links (the path is the state, so a tab can be
 * bookmarked and the browser's back button works) and the active section below. Each section is
 * its own lazy chunk, so the charts load with the back office only. `search` is the header's
 * customer search (issue 21), put in by the app so this shell imports no other feature.
 */
export function AdminLayout({ search }: { search?: ReactNode }) {
  const active = adminTabOf(useLocation().pathname);
  const activeLink = useRef<HTMLAnchorElement>(null);
  // On a phone the tab bar scrolls sideways: keep the current section in view.
  useEffect(() => {
    activeLink.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [active]);
  return (
    <div className="mx-auto max-w-7xl">
      {/* Phones: the search is a full-width row under the heading; wider, it sits beside it. */}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between sm:gap-6">
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">Back office</h1>
        {search ? <div className="w-full sm:max-w-md">{search}</div> : null}
      </div>
      <nav aria-label="Back office" className="mt-4 border-b border-slate-200">
        <ul className="-mb-px flex gap-x-1 overflow-x-auto lg:flex-wrap lg:overflow-visible">
          {ADMIN_TABS.map((t) => (
            <li key={t.key}>
              <Link
                to={t.link}
                ref={t.key === active ? activeLink : undefined}
                aria-current={t.key === active ? 'page' : undefined}
                className={`inline-block whitespace-nowrap border-b-2 px-3 py-2.5 text-xs font-bold tracking-wider transition-colors xl:px-1.5 xl:text-[13px] xl:tracking-normal ${
                  t.key === active
                    ? 'border-brand-600 text-brand-700'
                    : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-ink'
                }`}
              >
                {t.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="pt-6">
        <Suspense
          fallback={
            <p role="status" className="py-10 text-center text-slate-500">
              {MSG.loading}
            </p>
          }
        >
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
