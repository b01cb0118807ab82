#!/usr/bin/env node
// Builds the web app and prints the landing page's initial JS: the entry script and every chunk
// it loads statically (modulepreload + static imports, followed recursively), gzipped.
// Lazy route chunks (dynamic import) are not part of it. The figure is the last line.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const BUDGET_KB = 110;

if (!process.argv.includes('--no-build')) {
  const r = spawnSync('npm', ['run', 'build', '-w', '@lbs/web', '--silent'], { cwd: root, stdio: 'ignore' });
  if (r.status !== 0) {
    console.error('web build failed');
    process.exit(1);
  }
}

const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const start = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
].map((m) => m[1]);

const seen = new Set();
const queue = [...start];
while (queue.length) {
  const url = queue.shift();
  const rel = url.replace(/^\//, '');
  if (seen.has(rel)) continue;
  seen.add(rel);
  const code = fs.readFileSync(path.join(dist, rel), 'utf8');
  // Static imports only: `import{a}from"./x.js"` / `import"./x.js"`; dynamic import( ) is skipped.
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
    queue.push(path.posix.join(path.posix.dirname('/' + rel), m[1]));
  }
}

let total = 0;
for (const rel of seen) {
  const gz = zlib.gzipSync(fs.readFileSync(path.join(dist, rel)), { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${rel}`);
}
console.log(`budget ${BUDGET_KB} KB: ${total / 1024 <= BUDGET_KB ? 'within' : 'OVER'}`);
console.log(`landing initial JS: ${(total / 1024).toFixed(1)} KB gzipped`);
