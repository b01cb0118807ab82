import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pageViews } from '../db/schema';
import { buildTestApp, type TestApp } from '../../test/build-test-app';

let t: TestApp;
let before: number;

const pageViewCount = async () => (await t.db.select({ n: count() }).from(pageViews))[0]!.n;

const post = (payload: string, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: '/api/analytics/pageview',
    headers: { 'content-type': contentType },
    payload,
  });

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());
beforeEach(async () => {
  before = await pageViewCount();
});

describe('bad requests answer {detail} and change nothing', () => {
  it('malformed JSON is 400', async () => {
    const res = await post('{"path": "/a",');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: expect.stringMatching(/json/i) });
    expect(await pageViewCount()).toBe(before);
  });

  it('a field of the wrong type is 400 naming the field', async () => {
    const res = await post(JSON.stringify({ path: 123 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/path/);
    expect(await pageViewCount()).toBe(before);
  });

  it('an unknown top-level field is 400 naming it', async () => {
    const res = await post(JSON.stringify({ path: '/pricing', sneaky: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/sneaky/);
    expect(await pageViewCount()).toBe(before);
  });

  it('a body over 100 KB is 413', async () => {
    const res = await post(JSON.stringify({ path: '/', referrer: 'x'.repeat(101 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ detail: expect.any(String) });
    expect(await pageViewCount()).toBe(before);
  });

  it('a body that is not JSON is 415', async () => {
    const res = await post('/pricing', 'text/plain');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ detail: expect.stringMatching(/content type/i) });
    expect(await pageViewCount()).toBe(before);
  });

  it('an unknown API route is 404', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/no-such-thing',
      payload: { path: '/' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: expect.any(String) });
    expect(await pageViewCount()).toBe(before);
  });
});

it('a good page view is 204 and stores one row', async () => {
  const res = await post(JSON.stringify({ path: '/pricing', referrer: 'https://example.com/' }));
  expect(res.statusCode).toBe(204);
  expect(res.body).toBe('');
  expect(await pageViewCount()).toBe(before + 1);
  const [row] = await t.db.select().from(pageViews);
  expect(row).toMatchObject({ path: '/pricing', referrer: 'https://example.com/', userId: null });
});
