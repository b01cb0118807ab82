import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import { buildTestApp } from '../../test/build-test-app';
import { registerSecurityHeaders } from './security-headers';

describe('security headers', () => {
  it('every answer carries the CSP built from the configuration and helmet’s other headers', async () => {
    const t = await buildTestApp({ RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_SECRET: 'secret' });
    try {
      for (const url of ['/api/health', '/api/no-such-route']) {
        const res = await t.app.inject({ method: 'GET', url });
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' https://www.google.com https://www.gstatic.com");
        expect(csp).not.toContain("'unsafe-eval'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        // HSTS only in production; not here.
        expect(res.headers['strict-transport-security']).toBeUndefined();
      }
    } finally {
      await t.close();
    }
  });

  it('sends exactly what @fastify/helmet sends with the same options, and a route may override one', async () => {
    const options = { contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'] } }, hsts: true };
    const reference = Fastify();
    await reference.register(helmet, options);
    reference.get('/', async () => ({}));
    const ours = Fastify();
    await registerSecurityHeaders(ours, options);
    ours.get('/', async () => ({}));
    ours.get('/own-csp', async (_req, reply) => reply.header('content-security-policy', "default-src 'none'").send({}));
    try {
      const expected = (await reference.inject({ method: 'GET', url: '/' })).headers;
      const got = (await ours.inject({ method: 'GET', url: '/' })).headers;
      delete expected.date;
      delete got.date;
      expect(got).toEqual(expected);
      expect((await ours.inject({ method: 'GET', url: '/own-csp' })).headers['content-security-policy']).toBe("default-src 'none'");
    } finally {
      await Promise.all([reference.close(), ours.close()]);
    }
  });
});
