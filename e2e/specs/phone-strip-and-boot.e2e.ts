import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { adminCredentials, closeBrowser, newPage, screenshot, transitionsSettled } from '../support/browser';
import { createVerifiedUser, loginInBrowser } from '../support/auth';
import { buyThroughCheckout } from '../support/shop';

afterAll(closeBrowser);

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (l: Locator): Promise<Box> => {
  const b = await l.boundingBox();
  if (!b) throw new Error('not rendered');
  return b;
};
const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y >= outer.y - 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;
const insideAcross = (inner: Box, outer: Box) => inner.x >= outer.x - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5;
const intersects = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const list = (strip: Locator) => strip.locator('ul').first();

/** The bell shows "99+": the live count (server-sent events) says 150 unread. */
async function manyUnread(page: Page) {
  await page.route('**/api/notification/stream?**', (route) =>
    route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream' }, body: 'event: unread\ndata: {"unread_count":150}\n\n' }),
  );
}

/** Where the strip's visible box is (the scrolling list), and the current tab within it, once both have settled. */
async function activeTabAndStrip(page: Page, strip: Locator) {
  const list = strip.locator('ul').first();
  const active = strip.locator('a[aria-current="page"]');
  await active.waitFor();
  await transitionsSettled(page);
  // The strip may still be scrolling the tab in: wait until it stops moving.
  await expect.poll(async () => (await list.evaluate((el) => el.scrollLeft)), { timeout: 5000 }).toBe(await (async () => {
    await page.waitForTimeout(300);
    return list.evaluate((el) => el.scrollLeft);
  })());
  return { active: await boxOf(active), strip: await boxOf(list), name: await active.innerText() };
}

describe('375 px: the account strips keep the current tab in view, clear of the bell', () => {
  it('Products in the sections strip and Profile in the Settings tabs are whole; the 99+ badge stays off the strip', async () => {
    // A licence holder: their strip gains Resources once the licence check answers, which pushed
    // Products out of the view the first scroll had left it in ("Pro…").
    const { email, password } = await createVerifiedUser();
    const { page, context } = await newPage('mobile');
    await manyUnread(page);
    await loginInBrowser(page, email, password);
    await buyThroughCheckout(page, [{ product_id: 12, quantity: 1 }]);

    // Overview: the strip cuts Resources at its edge, beside the bell; Plans: the current tab at the edge.
    for (const path of ['/accounts/overview', '/accounts/plans', '/accounts/products', '/accounts/settings/user-management']) {
      // A full load, as the person arrives from a link or a reload.
      await page.goto(path);
      const sections = page.getByRole('navigation', { name: 'Account sections' });
      const s = await activeTabAndStrip(page, sections);
      if (path === '/accounts/products') expect(s.name).toBe('Products');
      await sections.getByRole('link', { name: 'Resources' }).waitFor();
      expect(insideAcross(s.active, s.strip), `${path}: ${JSON.stringify(s)}`).toBe(true);

      const bell = page.getByTestId('notification-bell');
      const badge = bell.locator('span[aria-hidden]').last();
      await expect.poll(() => badge.innerText()).toBe('99+');
      const badgeBox = await boxOf(badge);
      expect(intersects(badgeBox, s.strip), `${path}: the badge lies over the strip`).toBe(false);
      // Clear of it too, so a tab cut at the strip's edge ("R…" of Resources) does not read as
      // covered by the badge (issue 37): a gap a finger and an eye can tell.
      const clear = badgeBox.x - (s.strip.x + s.strip.width);
      expect(clear, `${path}: the badge is ${clear} px from the strip`).toBeGreaterThanOrEqual(12);
      // The tab the strip cuts fades out at its edge rather than ending hard against the bell.
      await expect(list(sections).evaluate((el) => getComputedStyle(el).maskImage || getComputedStyle(el).webkitMaskImage)).resolves.toMatch(/gradient/);
      // Within the bell's own box, so it cannot reach over its neighbours whatever the font.
      expect(inside(badgeBox, await boxOf(bell)), `${path}: the badge leaves the bell`).toBe(true);
      await screenshot(page, `phone-strip-bell${path.replace(/\//g, '-')}-375`);
    }

    const settings = page.getByRole('navigation', { name: 'Settings' });
    const s = await activeTabAndStrip(page, settings);
    expect(s.name).toBe('Profile');
    expect(insideAcross(s.active, s.strip), JSON.stringify(s)).toBe(true);
    await context.close();
  });
});

describe('a full page load logs no React Router hydration warning', () => {
  it('on / and on /accounts/overview', async () => {
    const { email, password } = adminCredentials();
    const { page, context } = await newPage('desktop');
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (/HydrateFallback/.test(m.text())) warnings.push(`${m.type()}: ${m.text()}`);
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await loginInBrowser(page, email, password);
    for (const path of ['/', '/accounts/overview']) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(warnings).toEqual([]);
    await context.close();
  });
});
