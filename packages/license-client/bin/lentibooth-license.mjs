#!/usr/bin/env node
// The CLI's entry for `npx @lbs/license-client ...` / `node bin/lentibooth-license.mjs ...`.
// Node 20 cannot run TypeScript, so the source is loaded through tsx (a dev dependency of the
// monorepo, present after `npm ci`); where tsx is missing, the bundle `npm run build` makes.
import { existsSync } from 'node:fs';

const source = new URL('../src/cli.ts', import.meta.url);
const bundle = new URL('../dist/lentibooth-license.mjs', import.meta.url);

let tsx = null;
try {
  tsx = await import('tsx/esm/api');
} catch {
  tsx = null;
}

if (tsx && existsSync(source)) {
  const cli = await tsx.tsImport(source.href, import.meta.url);
  await cli.main();
} else if (existsSync(bundle)) {
  const cli = await import(bundle.href);
  await cli.main();
} else {
  process.stderr.write(
    'lentibooth-license: neither tsx nor the bundle found; run `npm run build -w @lbs/license-client`\n',
  );
  process.exitCode = 70;
}
