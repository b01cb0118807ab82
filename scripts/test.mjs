#!/usr/bin/env node
// `npm test`: unit and API tests (Vitest: domain, server, web), then the browser journeys
// (Playwright in the system Chromium against the built product). Prints one summary line last.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const e2eRequired = process.env.E2E_REQUIRED === '1';
const summary = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

// TEST_MAX_WORKERS=N: at most N test files at once in each run (CI's PostgreSQL run takes 1, beside
// the PGlite run on the same two cores: .ci/run).
const maxWorkers = process.env.TEST_MAX_WORKERS ? [`--maxWorkers=${process.env.TEST_MAX_WORKERS}`] : [];

function vitest(args, label) {
  const report = path.join(os.tmpdir(), `lbs-vitest-${label}-${process.pid}.json`);
  const r = spawnSync(bin('vitest'), ['run', ...args, ...maxWorkers, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  try {
    const j = JSON.parse(fs.readFileSync(report, 'utf8'));
    summary.passed += j.numPassedTests;
    summary.failed += j.numFailedTests;
    summary.skipped += j.numPendingTests + (j.numTodoTests ?? 0);
    fs.rmSync(report, { force: true });
  } catch {
    summary.failed += 1; // the run itself broke before reporting
  }
  if (r.status !== 0) ok = false;
}

console.log(`\n== unit and API tests (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, Node ${process.versions.node}) ==`);
// DATABASE_ONLY=1 (CI's second run, on PostgreSQL): only what a database stands behind. The domain,
// the licence client and the web units never reach a database: the first run has run them. Every
// server test runs again; of the browser journeys, those where PostgreSQL's own behaviour is what
// the journey stands on: money taken and given back (checkout and fulfilment, refunds and credit
// notes), row locks between concurrent requests (shipping; PGlite has one connection, so none
// there) and the licence server. The other journeys read screens whose server side the API tests
// already run on PostgreSQL: the account, the order list, the exports' keyset batches and REPORT's
// per-business-day SQL (their server tests run here). CI budget: on the 2-core machine of
// 2026-11-27 the eight journeys this list held before took CI to 26 minutes of its 25.
const databaseOnly = process.env.DATABASE_ONLY === '1';
const DATABASE_JOURNEYS = [
  'checkout',
  'admin-shipping',
  'admin-refunds',
  'license-server',
].map((name) => `e2e/specs/${name}.e2e.ts`);
if (databaseOnly) console.log(`(DATABASE_ONLY=1: the server's tests, and the browser journeys ${DATABASE_JOURNEYS.join(', ')})`);
vitest(databaseOnly ? ['--project', 'server'] : [], 'unit');

const chromium = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && fs.existsSync(p));
if (!chromium) {
  if (e2eRequired) {
    console.error('\nE2E_REQUIRED=1 but no Chromium was found (set CHROME_PATH or apt-get install chromium).');
    ok = false;
    summary.failed += 1;
  } else {
    console.log('\n== e2e SKIPPED: no Chromium found (set CHROME_PATH or apt-get install chromium) ==');
  }
} else {
  console.log('\n== building the web app for the browser journeys ==');
  // As `npm start` does: built when there is no build or the sources are newer, so CI's second
  // run (on PostgreSQL) reuses the first run's build instead of making the same one again.
  const b = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-build.mjs')], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) {
    ok = false;
    summary.failed += 1;
  } else {
    console.log(`\n== browser journeys (Chromium at ${chromium}) ==`);
    const journeys = databaseOnly ? DATABASE_JOURNEYS.filter((f) => fs.existsSync(path.join(root, f))) : [];
    vitest(['--config', 'e2e/vitest.config.ts', ...journeys], 'e2e');
  }
}

console.log(`\n${summary.passed} passed, ${summary.failed} failed, ${summary.skipped} skipped`);
process.exit(ok && summary.failed === 0 ? 0 : 1);
