#!/usr/bin/env node
// `npm run start:production`: the compiled server (apps/server/dist/main.js, built first if
// missing or stale) with NODE_ENV=production. Production refuses to start without its secrets and
// names each one missing (apps/server/src/config.ts); the web build's hashed assets are served
// with a year-long immutable cache, its pages with no-cache (apps/server/src/plugins/spa.ts).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../apps/server/node-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const built = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], { stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

// From apps/server, as `npm start`, so a relative DATA_DIR means the same directory.
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'dist/main.js'], {
  cwd: path.join(root, 'apps/server'),
  env: { ...process.env, NODE_ENV: 'production' },
  stdio: 'inherit',
});
// The server shuts down gracefully on these; this wrapper only passes them on and waits.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
