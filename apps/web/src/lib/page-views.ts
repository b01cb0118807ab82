import { API_BASE_URL } from './config';

/** Fire-and-forget: a page view must never slow or break navigation. */
export function trackPageView(path: string): void {
  try {
    void fetch(`${API_BASE_URL}/analytics/pageview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path, referrer: document.referrer || undefined }),
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    /* ignore */
  }
}
