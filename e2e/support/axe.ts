import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** Serious or critical accessibility problems axe-core finds on the page as it is now (ids and their nodes). */
export async function seriousViolations(page: Page, opts: { include?: string } = {}): Promise<string[]> {
  // Let entry fades end first (a toast sliding in, a dialog opening): axe reads half-faded text as
  // low contrast. Endless animations (spinners) and long ones (a toast's 5 s progress bar) don't count.
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => {
      if (a.playState !== 'running') return true;
      const timing = a.effect?.getComputedTiming();
      return timing?.iterations === Infinity || Number(timing?.duration ?? 0) >= 1000;
    }),
  );
  let builder = new AxeBuilder({ page });
  if (opts.include) builder = builder.include(opts.include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
