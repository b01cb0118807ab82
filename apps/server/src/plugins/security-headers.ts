import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/**
 * Helmet's headers, worked out once at start and then copied onto every reply.
 *
 * @fastify/helmet builds helmet's middleware again on every request, which re-parses each CSP
 * directive: a profile of a small JSON route under load put a tenth of the CPU there. The headers
 * depend only on the options (no per-request nonces here), so they are read off one request to a
 * throwaway app that registers the very same plugin with the very same options: what helmet would
 * have sent, without re-deriving it per request. A route may still override one (the dev mailbox
 * sets its own CSP).
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const headers = await helmetHeaders(options);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}

async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify({ logger: false });
    if (withHelmet) await probe.register(helmet, options);
    probe.get('/', async () => ({}));
    try {
      return (await probe.inject({ method: 'GET', url: '/' })).headers;
    } finally {
      await probe.close();
    }
  };
  const [plain, helmeted] = await Promise.all([answer(false), answer(true)]);
  const added: Record<string, string> = {};
  for (const [name, value] of Object.entries(helmeted)) {
    if (name === 'date' || value === undefined || plain[name] === value) continue;
    added[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return added;
}
