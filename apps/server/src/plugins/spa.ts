import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app; any other GET that is not an API call gets index.html so the client
 * router decides (its own 404 page included). Hashed assets are cached for a year.
 */
export async function registerSpa(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz twins of its text files; send the one the browser accepts.
      preCompressed: true,
      // Our setHeaders decides; send's own default (max-age=0) would otherwise overwrite it.
      cacheControl: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('cache-control', 'no-cache');
        }
      },
    });
  }
  const indexHtml = hasBuild ? fs.readFileSync(indexFile, 'utf8') : null;
  const prerendered = readPrerenderedPages(distDir);

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    const isApi = url === '/api' || url.startsWith('/api/');
    if (isApi || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.status(404).send({ detail: `Not found: ${req.method} ${url}` });
    }
    if (!indexHtml) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (npm start does it for you).');
    }
    // The public pages exist as ready HTML (apps/web/build/prerender.ts): content before any script.
    const page = prerendered.get(url.length > 1 ? url.replace(/\/+$/, '') : url);
    if (page) return reply.type('text/html; charset=utf-8').sendFile(page);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
}

/** Path → file under dist of each prerendered page, from the build's pages/manifest.json. */
function readPrerenderedPages(distDir: string): Map<string, string> {
  const file = path.join(distDir, 'pages', 'manifest.json');
  if (!fs.existsSync(file)) return new Map();
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
  return new Map(Object.entries(manifest).filter(([, page]) => fs.existsSync(path.join(distDir, page))));
}
