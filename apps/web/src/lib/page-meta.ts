import { createContext, useContext, useEffect } from 'react';

export interface PageMeta {
  title: string;
  description: string;
}

/** Set only by the build-time prerender (no document there), which writes the meta into the HTML. */
export const PageMetaCollector = createContext<((meta: PageMeta) => void) | null>(null);

/** Each public page names its title and search snippet; the browser tab and crawlers read them. */
export function usePageMeta(meta: PageMeta): void {
  useContext(PageMetaCollector)?.(meta);
  useEffect(() => {
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [meta.title, meta.description]);
}
