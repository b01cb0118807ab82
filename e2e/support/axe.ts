import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The style that holds every CSS animation still while axe reads the page. */
const HOLD_ID = 'axe-holds-animations';

/**
 * Landmarks that can be told apart: `landmark-unique` is "moderate" to axe, but two landmarks of
 * one role and name (two search forms, a region named like its neighbour) leave a screen reader's
 * landmark list with entries nobody can tell apart (issue 37). Pages held to it pass it as `alsoFail`.
 */
export const LANDMARK_RULES = ['landmark-unique'] as const;

interface AxeOptions {
  include?: string;
  /** Rules failed whatever axe calls their impact (LANDMARK_RULES, for pages held to them). */
  alsoFail?: readonly string[];
}

/**
 * Serious or critical accessibility problems axe-core finds on the page as it is now (ids and
 * their nodes), and any breach of the rules in `alsoFail`.
 */
export async function seriousViolations(page: Page, opts: AxeOptions = {}): Promise<string[]> {
  // A list's search box answers a moment after typing stops (SearchField's debounce): a page that
  // looks at rest when the check starts can begin a fetch, and dim its list, while axe reads it.
  // Such a reading is not of a page at rest: it is read again, once the page is at rest again.
  for (let attempt = 1; ; attempt++) {
    const { violations, stayedAtRest } = await readAtRest(page, opts);
    if (stayedAtRest) return violations;
    // Said as such, so that rows read while dimmed are not taken for a real contrast problem.
    if (attempt === 3) return [...violations, 'the page did not stay at rest through any of 3 readings (a list kept turning busy)'];
  }
}

/** A node axe names, with the ones it is compared with (the other landmark of the same name). */
function describeNode(n: { target: unknown[]; any: Array<{ relatedNodes?: Array<{ target: unknown[] }> }> }): string {
  const related = n.any.flatMap((c) => c.relatedNodes ?? []).map((r) => r.target.join(' '));
  return related.length ? `${n.target.join(' ')} (like ${related.join(', ')})` : n.target.join(' ');
}

async function readAtRest(page: Page, opts: AxeOptions): Promise<{ violations: string[]; stayedAtRest: boolean }> {
  const failed = new Set<string>(opts.alsoFail ?? []);
  // Let entry fades end first (a toast sliding in, a dialog opening): axe reads half-faded text as
  // low contrast. Endless animations (spinners) and long ones (a toast's 5 s progress bar) don't count.
  // Once they have ended, and in the same task (so nothing can start in between), every CSS
  // animation is held still until axe is done: a toast whose 5 s run out while axe reads would
  // otherwise start its exit fade under axe's eyes; held, it leaves after the check instead.
  // A list refreshing its page is dimmed (opacity 60%) under aria-busy until the answer comes: axe
  // would read every row of it as low contrast. The check waits for the page to be at rest, and
  // notes whether anything turns busy while axe reads.
  await page.waitForFunction((holdId) => {
    if (document.querySelector('[aria-busy="true"]')) return false;
    const settled = document.getAnimations().every((a) => {
      if (a.playState !== 'running') return true;
      const timing = a.effect?.getComputedTiming();
      return timing?.iterations === Infinity || Number(timing?.duration ?? 0) >= 1000;
    });
    if (settled) {
      const hold = document.createElement('style');
      hold.id = holdId;
      hold.textContent = '*, *::before, *::after { animation-play-state: paused !important; }';
      document.head.append(hold);
      const w = window as unknown as { __axeBusyWatch?: MutationObserver; __axeTurnedBusy?: boolean };
      w.__axeTurnedBusy = false;
      w.__axeBusyWatch = new MutationObserver(() => {
        if (document.querySelector('[aria-busy="true"]')) w.__axeTurnedBusy = true;
      });
      w.__axeBusyWatch.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
    }
    return settled;
  }, HOLD_ID);
  try {
    let builder = new AxeBuilder({ page });
    if (opts.include) builder = builder.include(opts.include);
    const { violations } = await builder.analyze();
    return {
      violations: violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical' || failed.has(v.id))
        .map((v) => `${v.id}: ${v.nodes.map(describeNode).join(', ')}`),
      // The observer's callbacks have run by now: they run before the page's next task.
      stayedAtRest: await page.evaluate(() => {
        const w = window as unknown as { __axeTurnedBusy?: boolean };
        return !w.__axeTurnedBusy && !document.querySelector('[aria-busy="true"]');
      }),
    };
  } finally {
    await page.evaluate((holdId) => {
      document.getElementById(holdId)?.remove();
      (window as unknown as { __axeBusyWatch?: MutationObserver }).__axeBusyWatch?.disconnect();
    }, HOLD_ID);
  }
}
