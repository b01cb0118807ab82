import fs from 'node:fs';

/** The system Chromium: CHROME_PATH, else Debian's /usr/bin/chromium. Null when neither exists. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  return candidates.find((p) => fs.existsSync(p)) ?? null;
}

/** Flags this machine needs: no sandbox as root, and no background calls to the closed network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
