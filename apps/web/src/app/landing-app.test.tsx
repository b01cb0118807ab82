// @vitest-environment node
import { prerenderToNodeStream } from 'react-dom/static';
import { Provider } from 'react-redux';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { render } from '../prerender';
import { createStore } from './store';
import { LandingApp } from './landing-app';

async function html(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

// LandingApp reads the address it starts at.
beforeAll(() => {
  (globalThis as { window?: unknown }).window = { location: { pathname: '/', hash: '' } };
});
afterAll(() => {
  delete (globalThis as { window?: unknown }).window;
});

it('renders, without React Router, the HTML the build prerenders for / with it (hydration keeps the page as it is)', async () => {
  const prerendered = (await render('/')).html;
  const { store } = createStore();
  const page = (
    <Provider store={store}>
      <LandingApp />
    </Provider>
  );
  const options = { progressiveChunkSize: Number.POSITIVE_INFINITY };
  // As prerender.tsx does: a first pass loads the lazy footer, the second renders it in place.
  await html((await prerenderToNodeStream(page, options)).prelude);
  const landing = await html((await prerenderToNodeStream(page, options)).prelude);
  expect(landing).toContain('data-discover="true"');
  expect(landing).toContain('aria-current="page"');
  // Where they part, if they do (the whole page is too long to read in a failure).
  const at = [...landing].findIndex((c, i) => c !== prerendered[i]);
  expect(at === -1 ? null : { landing: landing.slice(at - 120, at + 120), prerendered: prerendered.slice(at - 120, at + 120) }).toBeNull();
  expect(landing).toBe(prerendered);
});
