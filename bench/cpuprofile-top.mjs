#!/usr/bin/env node
// Top self-time functions of a V8 .cpuprofile (node --cpu-prof), grouped by function and file,
// and the same grouped by package: where a server's CPU goes under load, without a GUI.
//   node bench/cpuprofile-top.mjs /tmp/prof/CPU.*.cpuprofile [rows] [last-seconds]
// With last-seconds, only the samples of the profile's last seconds count (the load, not the start).
import fs from 'node:fs';

const [file, rowsArg, lastArg] = process.argv.slice(2);
if (!file) throw new Error('usage: cpuprofile-top.mjs <file.cpuprofile> [rows]');
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const rows = Number(rowsArg ?? 30);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfUs = new Map();
const since = lastArg ? profile.endTime - Number(lastArg) * 1e6 : -Infinity;
let t = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i] ?? 0;
  if (t < since) continue;
  const id = profile.samples[i];
  selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map();
const byPackage = new Map();
for (const [id, us] of selfUs) {
  const { functionName, url, lineNumber } = byId.get(id).callFrame;
  const where = url.replace(/^file:\/\//, '').replace(/.*node_modules\//, '');
  const key = `${functionName || '(anonymous)'}  ${where}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  const pkg = !url ? functionName : url.startsWith('wasm:') ? 'wasm' : url.includes('node_modules/') ? /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)[1] : url.startsWith('node:') ? 'node' : 'app';
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
}
const print = (title, map, n) => {
  console.log(`\n${title} (of ${(total / 1e6).toFixed(1)} s sampled)`);
  for (const [k, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`);
};
print('self time by package', byPackage, 20);
print('self time by function', byFunction, rows);
