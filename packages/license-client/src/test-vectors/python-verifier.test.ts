import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(
  new URL('../../../../docs/examples/python/test_verify_lease.py', import.meta.url),
);

/** python3 with the `cryptography` package, or why not. */
function pythonWithCryptography(): string | null {
  const probe = spawnSync('python3', ['-c', 'import cryptography'], { encoding: 'utf8' });
  if (probe.error) return `python3 is not installed (${probe.error.message})`;
  if (probe.status !== 0)
    return 'the Python package `cryptography` is not installed (pip install cryptography)';
  return null;
}

const missing = pythonWithCryptography();
if (missing) console.warn(`Skipping the Python lease verifier: ${missing}`);

describe('the Python reference verifier (docs/examples/python)', () => {
  it.skipIf(missing !== null)('gives every test vector its expected result', () => {
    const run = spawnSync('python3', [SCRIPT], { encoding: 'utf8' });
    expect(run.error).toBeUndefined();
    expect(run.status, `${run.stdout}${run.stderr}`).toBe(0);
    expect(run.stdout).toMatch(/^(\d+) of \1 vectors give their expected result$/m);
    // Starting python3 and loading `cryptography` takes seconds on a busy machine.
  }, 30_000);
});
