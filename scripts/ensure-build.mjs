#!/usr/bin/env node
// Runs before `npm start`: builds the web app when there is no build or the sources are newer,
// so a fresh clone needs only `npm install && npm start`, and later starts take seconds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/public', 'apps/web/build', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/domain/src'];

function newestMtime(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const st = fs.statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(full)) max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}

const built = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
if (built && Math.max(...sources.map(newestMtime)) <= built) process.exit(0);
console.log('Building the web app...');
const r = spawnSync('npm', ['run', 'build', '-w', '@lbs/web', '--silent'], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);
