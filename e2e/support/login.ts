import type { Page } from 'playwright-core';

/** Ticks the real ALTCHA widget on the current page and waits until its proof of work is done. */
export async function solveCaptchaWidget(page: Page): Promise<void> {
  const widget = page.locator('altcha-widget');
  await widget.getByLabel("I'm not a robot").click();
  await widget.locator('[data-state="verified"]').waitFor({ timeout: 30_000 });
}

/**
 * Signs in through the real /login screen: email, password, the real ALTCHA widget, submit; waits
 * until the app has left the login screen (the account overview unless `from` was set).
 */
export async function loginInBrowser(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await solveCaptchaWidget(page);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL((url) => !/^\/(login|signin)\/?$/.test(url.pathname), { timeout: 20_000 });
}
