import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { MSG } from '@lbs/domain/messages';
import logoUrl from '../../assets/art/logo.svg';
import type { AccountNavItem } from '../../features/account/account-nav';
import { paths } from '../../config/paths';

const itemClass = (active: boolean) =>
  `flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors ${
    active
      ? 'bg-brand-600 text-white shadow-sm'
      : 'text-slate-700 hover:bg-brand-50 hover:text-brand-700'
  }`;

interface MenuProps {
  items: readonly AccountNavItem[];
  selectedKey: string | undefined;
  linkOf: (item: AccountNavItem) => string;
}

/** Wide screens: the logo and the sections down the side. */
export function AccountSideMenu({ items, selectedKey, linkOf }: MenuProps) {
  return (
    <aside className="hidden w-64 shrink-0 flex-col border-r border-slate-200 bg-slate-50 p-5 lg:flex">
      <Link to={paths.home} className="mb-8 flex items-center" aria-label="LentiBooth home">
        <img src={logoUrl} alt="LentiBooth" width={148} height={32} className="h-8 w-auto" />
      </Link>
      <nav aria-label="Account">
        <h2 className="mb-3 px-3 text-xs font-semibold uppercase tracking-wider text-slate-500">
          {MSG.account}
        </h2>
        <ul className="flex flex-col gap-1">
          {items.map((item) => (
            <li key={item.key}>
              <Link to={linkOf(item)} className={itemClass(selectedKey === item.key)} aria-current={selectedKey === item.key ? 'page' : undefined}>
                <item.icon />
                {item.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}

/** Phones: the sections in the top bar, scrolling, the current one always in view. */
export function AccountSectionTabs({ items, selectedKey, linkOf }: MenuProps) {
  const sectionsNav = useRef<HTMLElement>(null);
  // The current section's tab is scrolled into view, never cut off at the edge. Again when the
  // items change: Resources appears once the licence check answers and pushes the later tabs
  // (Plans, Products, Settings) out of the view the first scroll left them in.
  useEffect(() => {
    sectionsNav.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [selectedKey, items]);
  return (
    <nav aria-label="Account sections" className="min-w-0 flex-1 lg:hidden" ref={sectionsNav}>
      {/* A tab cut at the right edge fades out there (it scrolls), rather than end hard against the
          bell; the scroll padding keeps the current tab clear of the fade. */}
      <ul className="flex scroll-pr-6 gap-1 overflow-x-auto px-1 py-1 [mask-image:linear-gradient(to_right,#000_calc(100%-1.5rem),transparent)] [scrollbar-width:none]">
        {items.map((item) => (
          <li key={item.key} className="shrink-0">
            <Link
              to={linkOf(item)}
              className={`${itemClass(selectedKey === item.key)} px-2.5 py-1.5`}
              aria-current={selectedKey === item.key ? 'page' : undefined}
            >
              <item.icon className="h-4 w-4" />
              {item.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
