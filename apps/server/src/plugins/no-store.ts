import type { FastifyInstance } from 'fastify';

/**
 * API answers are not cacheable unless their route says so (the catalogue and the public config
 * do): orders, invoices, licences, notifications, download links and profiles are one user's,
 * and a browser's back/forward cache or a shared proxy must not keep them. Errors too.
 */
export function noStoreByDefault(scope: FastifyInstance): void {
  scope.addHook('onSend', async (_req, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
}
