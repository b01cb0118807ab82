#!/usr/bin/env node
// Runs before `npm start`: builds the web app and the server when there is no build or their
// sources are newer, so a fresh clone needs only `npm install && npm start`, and later starts
// take seconds. `--server-only` skips the web app (the API benchmark does not serve pages).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const targets = [
  {
    name: 'web app',
    workspace: '@lbs/web',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/public', 'apps/web/build', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/domain/src'],
  },
  {
    name: 'server',
    workspace: '@lbs/server',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', 'packages/domain/src'],
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
  const r = spawnSync('npm', ['run', 'build', '-w', t.workspace, '--silent'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
