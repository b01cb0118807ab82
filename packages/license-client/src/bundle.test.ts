import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { canonicalLicenseKey } from '@lbs/license-protocol/license-key';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFingerprint } from './offline-request';

const run = promisify(execFile);
const packageDir = fileURLToPath(new URL('..', import.meta.url));

interface Metafile {
  inputs: Record<string, unknown>;
  outputs: Record<string, { imports: { path: string; external?: boolean }[] }>;
}

/**
 * The bundle is what the desktop team ships: one file that runs with plain node, without this
 * repository. The key normaliser and the offline request's format come from @lbs/license-protocol,
 * a workspace package no registry has, so the bundle must carry it inline.
 */
describe('the bundle (npm run build)', () => {
  let dir = '';
  let bundle = '';
  let meta: Metafile;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'lbs-client-bundle-'));
    // The package's own build script, written elsewhere (esbuild takes the last --outfile).
    await run('npm', ['run', 'build', '--silent', '--', `--outfile=${dir}/lentibooth-license.mjs`, `--metafile=${dir}/meta.json`], {
      cwd: packageDir,
    });
    bundle = await readFile(path.join(dir, 'lentibooth-license.mjs'), 'utf8');
    meta = JSON.parse(await readFile(path.join(dir, 'meta.json'), 'utf8')) as Metafile;
  }, 60_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('carries the licence protocol inline, and nothing of the shop', () => {
    const inputs = Object.keys(meta.inputs);
    expect(inputs).toEqual(
      expect.arrayContaining(['../license-protocol/src/license-key.ts', '../license-protocol/src/offline-request.ts']),
    );
    expect(inputs.filter((input) => /(^|\/)domain\//.test(input))).toEqual([]);
    expect(bundle).not.toContain('@lbs/');
  });

  it("imports only Node's own modules", () => {
    const builtins = new Set(builtinModules);
    const imports = Object.values(meta.outputs).flatMap((output) => output.imports.map((i) => i.path));
    expect(imports.filter((name) => !name.startsWith('node:') && !builtins.has(name))).toEqual([]);
  });

  it('canonicalises a typed key with plain node, away from the repository', async () => {
    // A folder with no node_modules above it: only the bundle itself can supply the protocol.
    const booth = await mkdtemp(path.join(dir, 'booth-'));
    await copyFile(path.join(dir, 'lentibooth-license.mjs'), path.join(booth, 'lentibooth-license.mjs'));
    await writeFile(path.join(booth, 'run.mjs'), "await (await import('./lentibooth-license.mjs')).main();\n");
    const typed = ' 7k2qf 0m9xd r4t8v b1nce hz6wa p3yjs ';
    const { stdout } = await run(
      process.execPath,
      ['run.mjs', 'offline-request', '--key', typed, '--device', 'booth-7', '--state-dir', path.join(booth, 'state'), '--json'],
      { cwd: booth },
    );
    const key = canonicalLicenseKey(typed);
    expect(key).toBe('7K2QF-0M9XD-R4T8V-B1NCE-HZ6WA-P3YJS');
    expect(JSON.parse(stdout)).toMatchObject({ key_fingerprint: keyFingerprint(key), device_id: 'booth-7' });
  }, 30_000);
});
