#!/usr/bin/env node
// Runs before `npm start`: builds the web app and the server when there is no build or their
// sources are newer, so a fresh clone needs only `npm install && npm start`, and later starts
// take seconds. `--server-only` skips the web app (the API benchmark does not serve pages).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const targets = [
  {
    name: 'web app',
    workspace: '@lbs/web',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/build', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/domain/src', 'packages/license-protocol/src'],
  },
  {
    name: 'server',
    workspace: '@lbs/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', 'packages/domain/src', 'packages/license-protocol/src'],
  },
];

function newestMtime(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const st = fs.statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(full)) max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}

const serverOnly = process.argv.includes('--server-only');
for (const t of targets) {
  if (serverOnly && t.workspace !== '@lbs/server') continue;
  const out = path.join(root, t.output);
  const built = fs.existsSync(out) ? fs.statSync(out).mtimeMs : 0;
  if (built && Math.max(...t.sources.map(newestMtime)) <= built) continue;
  console.log(`Building the ${t.name}...`);
  const startedAt = Date.now();
  // The build's own listing (70 lines of assets) is kept back and shown only if it fails; a
  // summary line says what came out.
  const r = spawnSync('npm', ['run', 'build', '-w', t.workspace, '--silent'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) {
    process.stdout.write(r.stdout ?? '');
    process.stderr.write(r.stderr ?? '');
    process.exit(r.status ?? 1);
  }
  console.log(`  ${t.name} built in ${((Date.now() - startedAt) / 1000).toFixed(1)} s${t.workspace === '@lbs/web' ? `: ${webSummary()}` : ''}`);
}

/** Files and gzipped JavaScript of the web build (what a browser may download, at most). */
function webSummary() {
  const dist = path.join(root, 'apps/web/dist');
  let files = 0;
  let jsGzip = 0;
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (!/\.(br|gz)$/.test(e.name)) {
        files++;
        if (e.name.endsWith('.js')) jsGzip += zlib.gzipSync(fs.readFileSync(full)).length;
      }
    }
  };
  walk(dist);
  return `${files} files, ${Math.round(jsGzip / 1024)} KB of JavaScript gzipped in all (lazy chunks included)`;
}
