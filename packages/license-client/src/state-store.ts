import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Where the client keeps its state when no directory is given: `LENTIBOOTH_STATE_DIR`, else the
 * per-user configuration directory of the platform.
 */
export function defaultStateDir(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: string = os.homedir(),
): string {
  if (env.LENTIBOOTH_STATE_DIR) return env.LENTIBOOTH_STATE_DIR;
  if (platform === 'win32') {
    return path.join(env.APPDATA || path.join(home, 'AppData', 'Roaming'), 'LentiBooth', 'license');
  }
  if (platform === 'darwin')
    return path.join(home, 'Library', 'Application Support', 'LentiBooth', 'license');
  return path.join(env.XDG_CONFIG_HOME || path.join(home, '.config'), 'lentibooth', 'license');
}

const RENAME_RETRIES = 10;
const LOCK_STALE_MS = 30_000;

function isErrno(error: unknown, ...codes: string[]): boolean {
  return error instanceof Error && codes.includes((error as NodeJS.ErrnoException).code ?? '');
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * JSON files in one directory, each written whole or not at all: the bytes go to a temporary file
 * in the same directory, are flushed to disk, and the temporary file is renamed over the target,
 * so a crash or a power cut leaves the old file or the new one, never half of one. Files are
 * readable by their owner only (they hold the licence key).
 */
export class StateStore {
  constructor(readonly dir: string) {}

  path(name: string): string {
    return path.join(this.dir, name);
  }

  /** The parsed file, or null when it is missing or not JSON (a damaged file counts as none). */
  async readJson(name: string): Promise<unknown> {
    let text: string;
    try {
      text = await readFile(this.path(name), 'utf8');
    } catch (error) {
      if (isErrno(error, 'ENOENT')) return null;
      throw error;
    }
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return null;
    }
  }

  async writeJson(name: string, value: unknown): Promise<void> {
    const target = this.path(name);
    const temp = await this.writeTemp(target, value);
    try {
      await renameWithRetry(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  /**
   * Writes the file only if it does not exist yet (a hard link never replaces its target), so two
   * processes creating it at once agree on one content. Answers whether this call created it.
   */
  async createJson(name: string, value: unknown): Promise<boolean> {
    const target = this.path(name);
    const temp = await this.writeTemp(target, value);
    try {
      await link(temp, target);
      return true;
    } catch (error) {
      if (isErrno(error, 'EEXIST')) return false;
      throw error;
    } finally {
      await rm(temp, { force: true });
    }
  }

  async remove(name: string): Promise<void> {
    await rm(this.path(name), { force: true });
  }

  /** File names in a subdirectory, sorted; none when it does not exist. */
  async list(subdir: string): Promise<string[]> {
    try {
      return (await readdir(this.path(subdir))).filter((name) => !name.endsWith('.tmp')).sort();
    } catch (error) {
      if (isErrno(error, 'ENOENT')) return [];
      throw error;
    }
  }

  /**
   * Runs `fn` while holding `<name>.lock`, a file created exclusively, so two processes sharing
   * the directory (the desktop program and the CLI) take turns. The lock names its holder (process
   * id and host). A holder on this host is asked directly: alive, its lock stands however old the
   * file looks (a booth's clock that jumps, or a file time from another clock, must not let a second
   * process in); gone, its lock is broken at once. A holder elsewhere (a shared folder) touches the
   * file every 10 s, and its lock is broken once untouched for 30 s. Answers null when the lock stays
   * busy past `waitMs`.
   */
  async withLock<T>(
    name: string,
    fn: () => Promise<T>,
    waitMs = 10_000,
  ): Promise<{ value: T } | null> {
    const lockPath = this.path(`${name}.lock`);
    await mkdir(path.dirname(lockPath), { recursive: true, mode: 0o700 });
    const deadline = Date.now() + waitMs;
    for (;;) {
      try {
        const handle = await open(lockPath, 'wx', 0o600);
        await handle.writeFile(holderLine());
        await handle.close();
        break;
      } catch (error) {
        if (!isErrno(error, 'EEXIST')) throw error;
        const holder = await lockHolderHere(lockPath);
        const stale =
          holder === 'elsewhere' ? (await lockAgeMs(lockPath)) > LOCK_STALE_MS : !holder.alive;
        if (stale) {
          await rm(lockPath, { force: true });
          continue;
        }
        if (Date.now() >= deadline) return null;
        await sleep(25);
      }
    }
    // Rewritten, not touched with utimes: the file's time is then the file system's own, the clock
    // lockAgeMs measures it against.
    const heartbeat = setInterval(() => {
      writeFile(lockPath, holderLine()).catch(() => undefined);
    }, LOCK_STALE_MS / 3);
    heartbeat.unref();
    try {
      return { value: await fn() };
    } finally {
      clearInterval(heartbeat);
      await rm(lockPath, { force: true });
    }
  }

  private async writeTemp(target: string, value: unknown): Promise<string> {
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const temp = `${target}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
      await handle.sync();
    } catch (error) {
      await handle.close();
      await rm(temp, { force: true });
      throw error;
    }
    await handle.close();
    return temp;
  }
}

/** Windows refuses a rename over a file another process has open for a moment; try again. */
async function renameWithRetry(from: string, to: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await rename(from, to);
      return;
    } catch (error) {
      if (attempt >= RENAME_RETRIES || !isErrno(error, 'EPERM', 'EACCES', 'EBUSY')) throw error;
      await sleep(20 * attempt);
    }
  }
}

const holderLine = () => `${process.pid}\n${os.hostname()}\n`;

/**
 * How long since a lock file was last written, on the clock of the file system that holds it (a
 * shared folder keeps its server's time, and the booth's own clock may be hours off): a probe file
 * written beside it now gives that clock's "now". 0 when the lock is gone.
 */
async function lockAgeMs(lockPath: string): Promise<number> {
  const written = await stat(lockPath).then((s) => s.mtimeMs, () => null);
  if (written === null) return 0;
  const probe = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}.clock.tmp`;
  await writeFile(probe, '');
  try {
    return (await stat(probe)).mtimeMs - written;
  } finally {
    await rm(probe, { force: true });
  }
}

/**
 * Who holds a lock file: a process of this host (alive or not), or 'elsewhere' when the file names
 * another host or nothing readable yet (it is written just after it is created).
 */
async function lockHolderHere(lockPath: string): Promise<{ alive: boolean } | 'elsewhere'> {
  const [pidLine, host] = await readFile(lockPath, 'utf8').then((text) => text.split('\n'), () => []);
  const pid = Number(pidLine);
  if (host !== os.hostname() || !Number.isSafeInteger(pid) || pid <= 0) return 'elsewhere';
  try {
    process.kill(pid, 0);
    return { alive: true };
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return { alive: isErrno(error, 'EPERM') };
  }
}
