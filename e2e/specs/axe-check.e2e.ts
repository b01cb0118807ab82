import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, newPage } from '../support/browser';
import { createVerifiedUser, loginInBrowser } from '../support/auth';
import { seriousViolations } from '../support/axe';

afterAll(closeBrowser);

/**
 * Recreates, on purpose, what CI caught by chance: the toast's 5 s run out just as axe starts
 * reading the page, so its exit fade begins while axe works. The page's own fade (about half a
 * second) would sometimes finish before the contrast rule runs; holding the toast where the fade
 * has got to when axe starts makes the timing certain instead of lucky.
 */
async function toastTimesOutAsAxeStarts(page: Page): Promise<void> {
  await page.evaluate(() => {
    type RunPartial = (...args: unknown[]) => Promise<unknown>;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const timeRunsOut = (runPartial: RunPartial): RunPartial =>
      async function (this: unknown, ...args: unknown[]) {
        const toast = document.querySelector<HTMLElement>('.Toastify__toast')!;
        // Time's up: the progress bar ends, so react-toastify gives the toast its exit fade.
        for (const bar of document.querySelectorAll('.Toastify__progress-bar')) for (const a of bar.getAnimations()) a.finish();
        const leaving = () => toast.getAnimations().find((a) => /Out/.test((a as CSSAnimation).animationName));
        const until = performance.now() + 2000;
        while (!leaving() && performance.now() < until) await frame();
        // Where a running fade would be a moment later (30 % in: opacity about 0.86), held there
        // while axe reads. A fade that the check itself holds still is left where it is.
        const exit = leaving();
        // For the test to see that the toast did start to leave while axe read the page.
        document.documentElement.dataset.toastExit = exit?.playState ?? 'none';
        if (exit?.playState === 'running') {
          exit.pause();
          exit.currentTime = 0.3 * Number(exit.effect!.getComputedTiming().duration);
        }
        return runPartial.apply(this, args);
      };
    // axe-core sets window.axe first and gives it runPartial later: wrap runPartial as it arrives.
    let axe: object | undefined;
    Object.defineProperty(window, 'axe', {
      configurable: true,
      get: () => axe,
      set(value: object) {
        axe = value;
        let wrapped: RunPartial | undefined;
        Object.defineProperty(value, 'runPartial', {
          configurable: true,
          get: () => wrapped,
          set: (fn: RunPartial) => void (wrapped = timeRunsOut(fn)),
        });
      },
    });
  });
}

describe('the accessibility check', () => {
  it('reads a toast as it is shown, even when its time runs out while axe reads the page', async () => {
    const { email, password } = await createVerifiedUser();
    const { context, page } = await newPage('mobile');
    try {
      await loginInBrowser(page, email, password);
      await page.goto('/accounts/products');
      await page.getByRole('button', { name: 'Next product' }).click();
      await page.getByRole('group', { name: /^2 of 4/ }).getByRole('button', { name: 'Add to Cart' }).click();
      const toast = page.locator('.Toastify__toast').filter({ hasText: 'Product added to cart successfully' });
      await toast.waitFor();

      await toastTimesOutAsAxeStarts(page);
      expect(await seriousViolations(page)).toEqual([]);
      // The toast's exit fade did begin while axe read the page (the check held it still).
      await expect(page.evaluate(() => document.documentElement.dataset.toastExit)).resolves.toBe('paused');
    } finally {
      await context.close();
    }
  });
});
