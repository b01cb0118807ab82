import { execFile } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CLI = path.join(ROOT, 'packages/license-client/bin/lentibooth-license.mjs');

export interface CliResult {
  code: number;
  json: Record<string, unknown> & {
    status: string;
    code: string;
    startsAt?: string | null;
    license?: { id: string; type: string; starts_at: string | null; expires_at: string | null; device_id: string | null; activate_by?: string | null } | null;
    lease?: { sub: string; dev: string; nbf?: number; lic_exp: number | null; exp: number } | null;
  };
  stderr: string;
}

/** The CLI as a booth operator runs it: its own process, its own state directory, `--json` output. */
export function cli(args: string[]): Promise<CliResult> {
  const env = { ...process.env };
  for (const name of ['LENTIBOOTH_SERVER', 'LENTIBOOTH_LICENSE_KEY', 'LENTIBOOTH_STATE_DIR', 'LENTIBOOTH_ISSUER']) delete env[name];
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [CLI, ...args, '--json'], { cwd: ROOT, env, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      try {
        resolve({ code, json: JSON.parse(stdout), stderr });
      } catch {
        reject(new Error(`lentibooth-license ${args[0]} exited ${code}: ${stdout}\n${stderr}`));
      }
    });
  });
}
