import fs from 'node:fs/promises';
import path from 'node:path';

export type AppDownload = { kind: 'url'; url: string } | { kind: 'file'; path: string; name: string; size: number };

/**
 * Where the desktop app comes from: APP_DOWNLOAD_URL when set (a CDN or release page), else the
 * newest-named file in DATA_DIR/downloads (e.g. LentiBooth-Setup-1.4.2.exe dropped there at
 * deploy), else nothing.
 */
export async function findAppDownload(config: { APP_DOWNLOAD_URL?: string; dataDir: string }): Promise<AppDownload | null> {
  if (config.APP_DOWNLOAD_URL) return { kind: 'url', url: config.APP_DOWNLOAD_URL };
  const dir = path.join(config.dataDir, 'downloads');
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return null;
  }
  const candidates = names.filter((n) => !n.startsWith('.')).sort((a, b) => b.localeCompare(a, 'en', { numeric: true }));
  for (const name of candidates) {
    const full = path.join(dir, name);
    const stat = await fs.stat(full).catch(() => null);
    if (stat?.isFile()) return { kind: 'file', path: full, name, size: stat.size };
  }
  return null;
}
