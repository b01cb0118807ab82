import { spawnSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

/**
 * Before the server's tests: the compiled server (dist/main.js) as `npm start` builds it, rebuilt
 * only when a source is newer. The tests that start real server processes (server-process.ts) run
 * it, as production does: through tsx each process spent about 2.3 s more CPU compiling on start.
 */
export function setup(): void {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts/ensure-build.mjs'), '--server-only'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`building the server for the tests failed (exit ${r.status})`);
}
