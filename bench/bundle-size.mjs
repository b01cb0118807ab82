#!/usr/bin/env node
// Builds the web app and prints what JavaScript the landing page (/) loads, gzipped:
//  - before first paint: the scripts the landing HTML itself loads. `/` is prerendered, so this
//    is only public/boot.js, which starts the app after the first frame;
//  - for the app to start: the entry and every chunk it loads statically (modulepreload, boot.js's
//    list, static imports followed recursively) and the footer, which it awaits before taking over.
//    Lazy chunks (the router and the route table, every route's code) are not part: the landing
//    page loads them on its first navigation.
// The figure the issues name ("everything loaded before first paint on /") is the last line.
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

const prerendered = path.join(dist, 'pages/index.html');
const landingHtmlFile = fs.existsSync(prerendered) ? prerendered : path.join(dist, 'index.html');
const html = fs.readFileSync(landingHtmlFile, 'utf8');
const boot = /<script[^>]+src="([^"]+)"[^>]*data-entry="([^"]+)"[^>]*data-preload="([^"]*)"/.exec(html);
const start = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
].map((m) => m[1]);
if (boot) start.push(boot[2], ...boot[3].split(',').filter(Boolean));
// Scripts the HTML runs itself (classic or module), i.e. what can load before the first paint.
const beforePaint = boot
  ? [boot[1]]
  : [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]).concat(start);

// The app also waits for the footer's chunk before it takes over a prerendered page
// (root-layout.tsx, preloadFooter): a dynamic import, yet part of starting the app.
const footer = fs.readdirSync(path.join(dist, 'assets')).find((f) => /^site-footer-[\w-]+\.js$/.test(f));
if (footer) start.push(`/assets/${footer}`);

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

const gzipKb = (rel) => zlib.gzipSync(fs.readFileSync(path.join(dist, rel)), { level: 9 }).length / 1024;
let total = 0;
for (const rel of [...seen].sort((a, b) => gzipKb(b) - gzipKb(a))) {
  const kb = gzipKb(rel);
  total += kb;
  console.log(`${kb.toFixed(1).padStart(7)} KB  ${rel}`);
}
const paintKb = [...new Set(beforePaint.map((u) => u.replace(/^\//, '')))].reduce((sum, rel) => sum + gzipKb(rel), 0);
console.log(`landing HTML: ${path.relative(dist, landingHtmlFile)}${boot ? ' (prerendered; app starts after the first frame)' : ''}`);
console.log(`landing JS to start the app (after first paint when prerendered): ${total.toFixed(1)} KB gzipped (${BUDGET_KB} KB budget: ${total <= BUDGET_KB ? 'within' : 'OVER'})`);
console.log(`landing initial JS before first paint: ${paintKb.toFixed(1)} KB gzipped (${BUDGET_KB} KB budget: ${paintKb <= BUDGET_KB ? 'within' : 'OVER'})`);
