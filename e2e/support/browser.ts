import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from './chromium';
import { BROWSER_TIME_ZONE } from './time-zones';

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots');

export const VIEWPORTS = {
  mobile: { width: 375, height: 812 },
  tablet: { width: 800, height: 1000 },
  desktop: { width: 1440, height: 900 },
} as const;

let browser: Browser | undefined;

/**
 * The suite can run with a shifted clock (`faketime -f '+17h' npm test`: a UTC evening, when
 * Singapore is already on the next day). The server and the test code then live at that hour; the
 * browser keeps the machine's clock, because libfaketime inside Chromium stalls its frames under
 * CPU throttling (first-tap.e2e.ts never sees the page settle). A browser whose clock is off from
 * the server's is what some customers have anyway.
 */
function withoutFakeTime(env: NodeJS.ProcessEnv): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || name.startsWith('FAKETIME')) continue;
    if (name === 'LD_PRELOAD' && value.includes('faketime')) continue;
    kept[name] = value;
  }
  return kept;
}

export async function getBrowser(): Promise<Browser> {
  if (browser) return browser;
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium: set CHROME_PATH or install Debian chromium');
  browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true, env: withoutFakeTime(process.env) });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  await browser?.close();
  browser = undefined;
}

/** A spec's own product server (setSpecBaseUrl), else the run's shared one. */
let ownBaseUrl: string | undefined;

export const baseUrl = () => ownBaseUrl ?? inject('baseUrl');

/**
 * Points this spec file's pages and API helpers at its own product server (each spec file has its
 * own modules): for a journey that moves the server's clock (POST /api/dev/clock), which would
 * move time under the journeys sharing the run's server.
 */
export function setSpecBaseUrl(url: string | undefined): void {
  ownBaseUrl = url;
}
export const adminCredentials = () => ({ email: inject('adminEmail'), password: inject('adminPassword') });

/**
 * A fresh, isolated browser context (own storage) at a viewport, with baseURL set, in
 * BROWSER_TIME_ZONE unless `timezoneId` names another (a spec about the browser's own zone).
 */
export async function newPage(
  viewport: keyof typeof VIEWPORTS = 'desktop',
  opts: { timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const b = await getBrowser();
  const context = await b.newContext({ viewport: VIEWPORTS[viewport], baseURL: baseUrl(), timezoneId: opts.timezoneId ?? BROWSER_TIME_ZONE });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/**
 * Saves what the page shows as `name`.png, for a person to look at (never compared), in
 * e2e/screenshots unless `dir` names another. E2E_SCREENSHOTS=0 (CI, where nobody looks) skips
 * it: a whole page at 1440 px rendered and PNG-encoded in software is CPU the journeys share.
 */
export async function screenshot(page: Page, name: string, opts: { dir?: string; fullPage?: boolean } = {}): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  const dir = opts.dir ?? SCREENSHOT_DIR;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: opts.fullPage ?? true });
}

/** Unique address for a test user. */
export const uniqueEmail = (tag = 'user') => `${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/**
 * Waits until no CSS transition is running (a slide, a panel opening), so a screenshot or a
 * layout check sees the end state. Endless animations (spinners, the looping rows) do not count.
 */
export async function transitionsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.constructor.name !== 'CSSTransition' || a.playState === 'finished'),
  );
}
