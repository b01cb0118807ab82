import { useEffect } from 'react';

export interface PageMeta {
  title: string;
  description: string;
}

/** What the last rendered page asked for, read by the build-time prerender (no document there). */
let renderedMeta: PageMeta | null = null;
export const takeRenderedMeta = (): PageMeta | null => {
  const meta = renderedMeta;
  renderedMeta = null;
  return meta;
};

/** Each public page names its title and search snippet; the browser tab and crawlers read them. */
export function usePageMeta(meta: PageMeta): void {
  if (typeof document === 'undefined') renderedMeta = meta;
  useEffect(() => {
    document.title = meta.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', meta.description);
  }, [meta.title, meta.description]);
}
