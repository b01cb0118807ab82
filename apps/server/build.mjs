#!/usr/bin/env node
// Compiles the server to dist/main.js, so `npm start` runs plain JavaScript: no TypeScript loader
// at run time (tsx costs start time and memory in every process). Our own code and @lbs/domain are
// bundled; npm packages stay in node_modules (native argon2, PGlite's WASM files, pdfkit's fonts
// are found relative to their own package). The SQL migrations are copied beside the bundle,
// where db/client.ts looks for them (import.meta.dirname + '/migrations').
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const here = import.meta.dirname;
const pkg = JSON.parse(fs.readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(pkg.dependencies)
  .filter((name) => !name.startsWith('@lbs/'))
  .flatMap((name) => [name, `${name}/*`]);
const outdir = path.join(here, 'dist');

fs.rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [path.join(here, 'src/main.ts')],
  outfile: path.join(outdir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
  // Bundled CommonJS (none today, but a dependency may bring some) expects require in ESM output.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
fs.cpSync(path.join(here, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
