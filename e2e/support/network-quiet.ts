import type { Page, Request } from 'playwright-core';

/**
 * Watches a page's requests so a test can wait until its data has arrived. Playwright's
 * 'networkidle' counts every open connection, and a signed-in page keeps one open for good (the
 * live notification stream, an EventSource): it never goes idle there, so each wait for it ran
 * into its timeout (5 s a page, 90 s of nothing per run of the every-customer-page scan). Here the
 * stream is left out; every other request counts until it has finished or failed.
 */
export function watchRequests(page: Page): { quiet(opts?: { quietMs?: number; timeoutMs?: number }): Promise<void> } {
  const inFlight = new Set<Request>();
  let lastChange = Date.now();
  const settle = (request: Request) => {
    if (inFlight.delete(request)) lastChange = Date.now();
  };
  page.on('request', (request) => {
    if (request.resourceType() === 'eventsource') return;
    inFlight.add(request);
    lastChange = Date.now();
  });
  page.on('requestfinished', settle);
  page.on('requestfailed', settle);
  return {
    /**
     * Resolves once no request has been in flight for `quietMs` (as 'networkidle': 500 ms), or
     * after `timeoutMs` whatever is still loading (a slow image must not fail a scan).
     */
    async quiet({ quietMs = 500, timeoutMs = 5_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (inFlight.size === 0 && Date.now() - lastChange >= quietMs) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}
