#!/usr/bin/env node
// `npm run test:e2e`: only the browser journeys (expects a built web app).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
const root = path.resolve(import.meta.dirname, '..');
const r = spawnSync(path.join(root, 'node_modules/.bin/vitest'), ['run', '--config', 'e2e/vitest.config.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
