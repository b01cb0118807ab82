import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverStorage, startServerProcess, waitFor, type ServerProcess, type ServerStorage } from './server-process';

/**
 * `npm start` as a person runs it (issue 13): the terminal ends with the banner (where to open the
 * shop, the admin and where its password is, the mailbox in embedded mode), and answered requests
 * add one JSON line each when the output is not a terminal (a log file or collector).
 */
let storage: ServerStorage;
let server: ServerProcess | undefined;
beforeAll(async () => {
  storage = await serverStorage();
  server = await startServerProcess(storage);
}, 120_000);
afterAll(async () => {
  await server?.kill();
  await storage?.remove();
});

describe('the start banner', () => {
  it('ends the start-up output with the URL, the admin sign-in and the mailbox', async () => {
    const banner = await waitFor(() => {
      const out = server!.output();
      const at = out.indexOf('LentiBooth is running.');
      return at >= 0 && out.includes('Stop', at) ? out.slice(at) : null;
    }, 'the banner');
    expect(banner).toContain(`Open      ${server!.baseUrl}`);
    expect(banner).toMatch(/Admin {5}\S+@\S+ with /);
    expect(banner).toContain(`Mailbox   ${server!.baseUrl}/dev/mailbox`);
  });

  it('logs an answered request as one JSON line', async () => {
    const before = server!.output().split('\n').length;
    await fetch(`${server!.baseUrl}/api/catalogue/products`);
    const lines = await waitFor(() => {
      const added = server!.output().split('\n').slice(before - 1).filter((l) => l.includes('/api/catalogue/products'));
      return added.length ? added : null;
    }, 'the request line');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'request completed', route: '/api/catalogue/products', res: { statusCode: 200 } });
  });
});
