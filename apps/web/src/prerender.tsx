// Build-time entry (apps/web/build/prerender.ts): renders a public page to HTML in Node, so the
// first paint of /, /pricing, ... needs no JavaScript. The browser app takes over afterwards.
import { prerenderToNodeStream } from 'react-dom/static';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { routes } from './app/router';
import { createStore } from './app/store';
import { PageMetaCollector, type PageMeta } from './lib/page-meta';

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

export async function render(pathname: string): Promise<{ html: string; meta: PageMeta | null }> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://prerender.local${pathname}`));
  if (context instanceof Response) throw new Error(`${pathname} answered a redirect (${context.status})`);
  if (context.errors) throw new Error(`${pathname} failed to render: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // A visitor's store: nobody signed in, empty cart (there is no localStorage here).
  const { store } = createStore();
  let meta: PageMeta | null = null;
  const page = (
    <PageMetaCollector value={(m) => (meta = m)}>
      <Provider store={store}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Provider>
    </PageMetaCollector>
  );
  // The HTML must hold the whole page inline, never React's streaming scripts (the
  // Content-Security-Policy blocks inline scripts). So: no chunking of large Suspense boundaries,
  // and a first pass that loads every React.lazy part (the footer) so nothing suspends in the second.
  const options = { progressiveChunkSize: Number.POSITIVE_INFINITY };
  await streamToString((await prerenderToNodeStream(page, options)).prelude);
  meta = null;
  const html = await streamToString((await prerenderToNodeStream(page, options)).prelude);
  if (html.includes('<script')) throw new Error(`${pathname}: the prerendered HTML still carries inline scripts`);
  return { html, meta };
}
