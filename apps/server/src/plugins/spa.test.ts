import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSpa } from './spa';

// A miniature build: the app shell, one prerendered page with its compressed twins, one asset.
let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lbs-spa-'));
  fs.mkdirSync(path.join(dist, 'pages'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  const pricing = `<!doctype html><title>Pricing</title><div id="root" data-prerendered inert><h1>Pricing Plan That Suit You</h1>${'<p>plan</p>'.repeat(200)}</div>`;
  fs.writeFileSync(path.join(dist, 'pages', 'pricing.html'), pricing);
  fs.writeFileSync(path.join(dist, 'pages', 'pricing.html.br'), zlib.brotliCompressSync(pricing));
  fs.writeFileSync(path.join(dist, 'pages', 'pricing.html.gz'), zlib.gzipSync(pricing));
  fs.writeFileSync(path.join(dist, 'pages', 'index.html'), '<!doctype html><div id="root" data-prerendered inert><h1>Home</h1></div>');
  fs.writeFileSync(
    path.join(dist, 'pages', 'manifest.json'),
    JSON.stringify({ '/': 'pages/index.html', '/pricing': 'pages/pricing.html', '/gone': 'pages/gone.html' }),
  );
  const js = `export const x = "${'a'.repeat(3000)}";`;
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), js);
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), zlib.brotliCompressSync(js));
  app = Fastify();
  await registerSpa(app, dist);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web app', () => {
  it('answers a prerendered path with its own HTML, with or without a trailing slash or query', async () => {
    for (const url of ['/pricing', '/pricing/', '/pricing?x=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.body, url).toContain('Pricing Plan That Suit You');
    }
    const home = await app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain('<h1>Home</h1>');
  });

  it('sends the brotli twin of a prerendered page to a browser that accepts it', async () => {
    const res = await app.inject({ method: 'GET', url: '/pricing', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('Pricing Plan That Suit You');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends compressed assets with a year of caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers every other path with the app shell, and an unknown API path with a 404 detail', async () => {
    for (const url of ['/accounts/overview', '/gone', '/no/such/page']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe('<!doctype html><div id="root"></div>');
    }
    const api = await app.inject({ method: 'GET', url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ detail: 'Not found: GET /api/nothing' });
  });
});
