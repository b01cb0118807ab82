import { describe, expect, it } from 'vitest';
import { callServer, type FetchLike } from './server-call';

/** A fetch that answers `status` with `body` and headers, whatever is asked. */
const answering =
  (status: number, body: string, headers: Record<string, string> = {}): FetchLike =>
  async () =>
    new Response(body, { status, headers });

const call = (fetch: FetchLike) =>
  callServer({
    fetch,
    baseUrl: 'http://127.0.0.1:9',
    path: '/api/analytics/usage',
    method: 'POST',
    body: { events: [] },
    timeoutMs: 1000,
    parse: (b) => b,
  });

describe('callServer', () => {
  it('a 413 is an answer about the request even from a proxy with an HTML page: refused, not offline', async () => {
    const answer = await call(answering(413, '<html><body>413 Request Entity Too Large</body></html>', { 'content-type': 'text/html' }));
    expect(answer).toMatchObject({ kind: 'refused', status: 413, code: 'HTTP_413' });
  });

  it("the server's own 413 keeps its message", async () => {
    const answer = await call(answering(413, JSON.stringify({ detail: 'Request body is too large' }), { 'content-type': 'application/json' }));
    expect(answer).toMatchObject({ kind: 'refused', status: 413, message: 'Request body is too large' });
  });

  it('another 4xx without the contract’s body is not the licence server’s: offline', async () => {
    const answer = await call(answering(404, '<html>captive portal</html>'));
    expect(answer).toMatchObject({ kind: 'offline', status: 404 });
  });
});
