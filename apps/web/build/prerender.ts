import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { compressDir } from './precompress';

/** The public pages served as ready HTML; every other path gets the plain app shell. */
const PRERENDERED_PATHS = [
  '/',
  '/how-it-works',
  '/case-study',
  '/pricing',
  '/accessories',
  '/contact-us',
  '/terms',
  '/privacy',
  '/eula',
] as const;

/** Where the server finds them: path → file under dist (read by apps/server/src/plugins/spa.ts). */
const PAGES_MANIFEST = 'pages/manifest.json';

/**
 * Until the app has taken over, a transparent layer catches pointer input, so a tap on a button
 * that has no handler yet is not lost silently (browser tests wait for it to go). The page stays
 * readable, scrollable and keyboard-navigable; the app removes it (app/take-over-prerendered.tsx).
 */
const BOOT_SHIELD = '<div id="boot-shield" aria-hidden="true" style="position:fixed;inset:0;z-index:2147483647"></div>';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

interface RenderModule {
  render(pathname: string): Promise<{ html: string; meta: { title: string; description: string } | null }>;
}

function pageFile(pathname: string): string {
  return `pages/${pathname === '/' ? 'index' : pathname.slice(1).replace(/\//g, '_')}.html`;
}

/**
 * After the browser build: renders the public pages with React in Node (src/prerender.tsx) into
 * dist/pages/*.html. Each page carries its own title and description, shows its content before
 * any script runs, and starts the app from /boot.js after its first paint (the module script
 * and preload hints would otherwise compete with the page's CSS on a slow connection). Then
 * every text file of the build gets its .br and .gz twin.
 */
export function prerenderPages(): Plugin {
  let root = '';
  let outDir = '';
  let isSsrBuild = false;
  // The router's chunks (app/routed-app.tsx and what it imports): every prerendered page but the
  // landing page starts with them, so boot.js fetches them with the start-up chunks.
  let routerChunks: string[] = [];
  return {
    name: 'lbs-prerender-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      isSsrBuild = Boolean(config.build.ssr);
    },
    writeBundle(_options, bundle) {
      if (isSsrBuild) return;
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const routed = chunks.find((c) => c.facadeModuleId && /[\\/]app[\\/]routed-app\.tsx$/.test(c.facadeModuleId));
      if (!routed) throw new Error('prerender: no chunk for src/app/routed-app.tsx');
      const seen = new Set<string>();
      const visit = (fileName: string) => {
        if (seen.has(fileName)) return;
        seen.add(fileName);
        byFile.get(fileName)?.imports.forEach(visit);
      };
      visit(routed.fileName);
      // Deepest first, as boot.js evaluates them in order.
      routerChunks = [...seen].reverse().map((f) => `/${f}`);
    },
    async closeBundle() {
      if (isSsrBuild) return;
      // Inside the workspace, so the bundle's bare imports (react, react-router…) resolve from node_modules.
      const ssrOut = path.join(root, 'node_modules', '.cache', 'lbs-prerender');
      try {
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          plugins: [react()],
          build: {
            ssr: 'src/prerender.tsx',
            outDir: ssrOut,
            emptyOutDir: true,
            // Same as the browser build, so image URLs (and inlined small images) match.
            assetsInlineLimit: 2048,
            target: 'node20',
            rolldownOptions: { output: { format: 'esm', entryFileNames: 'prerender.mjs' } },
          },
        });
        const mod = (await import(pathToFileURL(path.join(ssrOut, 'prerender.mjs')).href)) as RenderModule;
        const template = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(template)?.[1];
        if (!entry) throw new Error('prerender: no module script in dist/index.html');
        const preloads = [...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
        const shellFor = (pathname: string) => {
          const chunks = pathname === '/' ? preloads : [...new Set([...preloads, ...routerChunks])];
          return template
            .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
            .replace(
              /<script type="module" crossorigin src="[^"]+"><\/script>/,
              `<script src="/boot.js" defer data-entry="${entry}" data-preload="${chunks.join(',')}"></script>`,
            );
        };

        fs.mkdirSync(path.join(outDir, 'pages'), { recursive: true });
        const manifest: Record<string, string> = {};
        for (const pathname of PRERENDERED_PATHS) {
          const { html, meta } = await mod.render(pathname);
          if (!meta) throw new Error(`prerender: ${pathname} did not call usePageMeta`);
          for (const [, url] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) {
            if (!fs.existsSync(path.join(outDir, url!))) throw new Error(`prerender: ${pathname} links ${url}, which the build lacks`);
          }
          // The landing page starts without the router (src/main.tsx); the other pages with it.
          const page = shellFor(pathname)
            .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
            .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeHtml(meta.description)}" />`)
            .replace('<div id="root"></div>', `<div id="root" data-prerendered>${html}</div>${BOOT_SHIELD}`);
          const file = pageFile(pathname);
          fs.writeFileSync(path.join(outDir, file), page);
          manifest[pathname] = file;
        }
        fs.writeFileSync(path.join(outDir, PAGES_MANIFEST), JSON.stringify(manifest, null, 2));
      } finally {
        fs.rmSync(ssrOut, { recursive: true, force: true });
      }
      compressDir(outDir);
    },
  };
}
