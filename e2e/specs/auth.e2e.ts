import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '@lbs/domain/messages';
import { baseUrl, closeBrowser, newPage, screenshot, uniqueEmail } from '../support/browser';
import { createUnverifiedUser, createVerifiedUser, loginInBrowser, solveCaptcha, solveCaptchaWidget, TEST_PASSWORD } from '../support/auth';
import { linkIn, waitForMail } from '../support/mailbox';

afterAll(closeBrowser);

const pathOf = (page: Page) => new URL(page.url()).pathname;
const NEW_PASSWORD = 'Fresh-Start-2025!x';

async function mailCount(to: string): Promise<number> {
  const res = await fetch(`${baseUrl()}/api/dev/mail?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as unknown[]).length;
}

describe('auth helpers', () => {
  it('createVerifiedUser makes an account that can sign in through the API', async () => {
    const { email, password } = await createVerifiedUser();
    const res = await fetch(`${baseUrl()}/api/users/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: { email, password }, recaptchaToken: await solveCaptcha() }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).user).toMatchObject({ email, is_email_verified: true });
  });
});

describe('auth journeys', () => {
  it('sign up → verify-sent → the mail in the dev mailbox → verify → the account overview', async () => {
    const email = uniqueEmail('signup');
    // A browser in Jakarta: the form preselects its zone (issue 21), and the account keeps it.
    const { context, page } = await newPage('desktop', { timezoneId: 'Asia/Jakarta' });
    await page.goto('/signup');
    expect(await page.getByLabel('Time zone').inputValue()).toBe('Asia/Jakarta');
    expect(await page.getByLabel('Time zone').locator('option:checked').textContent()).toBe('Western Indonesia Time (WIB)');
    await page.getByLabel('User name').fill('Booth Operator');
    await page.getByLabel('Email', { exact: true }).fill(email);
    // client-side rules first: mismatch and weak password, nothing sent
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.getByText(MSG.passwordRule).waitFor();
    await page.getByText(MSG.passwordsDoNotMatch).waitFor();
    await screenshot(page, 'auth-signup-errors-1440');

    await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
    await page.getByLabel('Confirm password').fill(TEST_PASSWORD);
    await page.getByRole('button', { name: 'Show password' }).first().click();
    expect(await page.getByLabel('Confirm password').getAttribute('type')).toBe('text');
    await solveCaptchaWidget(page);
    await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
    await page.waitForURL('**/verify-sent?email=*');
    await page.getByText(email).waitFor();
    await screenshot(page, 'auth-verify-sent-1440');

    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await page.getByRole('link', { name: 'Verify your email address' }).click();
    // Follow the link as a mail client would; reading it off the page avoids racing the
    // mailbox page's sandboxed HTML frame for the click.
    const href = await page.locator('pre a[href*="/verify-email/"]').getAttribute('href');
    expect(href).toMatch(new RegExp(`^${baseUrl()}/verify-email/[A-Za-z0-9_-]{43}$`));
    await page.goto(href!);
    await page.getByRole('heading', { name: MSG.emailVerified }).waitFor();
    await page.getByText(MSG.redirectingToDashboard).waitFor();
    await screenshot(page, 'auth-verify-email-success-1440');
    await page.waitForURL('**/accounts/overview', { timeout: 10_000 });
    await page.goto('/accounts/settings/notifications');
    await expect.poll(() => page.getByLabel('Time zone').inputValue()).toBe('Asia/Jakarta');

    // the link runs once: opened again, it says the address is verified (not "Verification Failed")
    const link = linkIn(await waitForMail(email, /verify your email/i));
    await page.goto(link);
    await page.getByRole('heading', { name: MSG.emailAlreadyVerifiedTitle }).waitFor();
    await page.getByText(MSG.emailAlreadyVerified).waitFor();
    expect(await page.getByRole('heading', { name: MSG.verificationFailed }).count()).toBe(0);
    await context.close();
  });

  it('an unverified login gets the resend offer; accepting mails a new link and shows verify-sent', async () => {
    const { email, password } = await createUnverifiedUser();
    await waitForMail(email, /verify your email/i);
    const { context, page } = await newPage('mobile');
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await solveCaptchaWidget(page);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(MSG.emailNotVerifiedConfirm).waitFor();
    await screenshot(page, 'auth-login-unverified-375');
    await dialog.getByRole('button', { name: 'Resend email' }).click();
    await page.waitForURL('**/verify-sent?email=*');
    await page.getByText(MSG.verificationEmailSent).waitFor();
    await screenshot(page, 'auth-verify-sent-375');
    expect(await mailCount(email)).toBe(2);
    await context.close();
  });

  it('wrong password shows the server message; the widget must be solved again', async () => {
    const { email } = await createVerifiedUser();
    const { context, page } = await newPage('desktop');
    await page.goto('/login');
    await screenshot(page, 'auth-login-1440');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('Not-The-Password-1!');
    await solveCaptchaWidget(page);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('alert').getByText(MSG.invalidCredentials).waitFor();
    await screenshot(page, 'auth-login-error-1440');
    // the spent answer is gone: submitting again asks for the CAPTCHA
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.getByRole('alert').getByText(MSG.captchaRequired).waitFor();
    await context.close();
  });

  it('forgot password → mail → new password → log in with it', async () => {
    const { email, password } = await createVerifiedUser();
    const { context, page } = await newPage('mobile');
    await page.goto('/forgot-password');
    await screenshot(page, 'auth-forgot-375');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByRole('button', { name: MSG.resetPasswordButton, exact: true }).click();
    await page.getByText(MSG.resetLinkSentTo).waitFor();
    await page.getByText(email).waitFor();
    await screenshot(page, 'auth-forgot-sent-375');

    const link = linkIn(await waitForMail(email, /reset your password/i));
    await page.goto(link);
    await page.getByLabel(MSG.newPasswordLabel, { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel(MSG.confirmNewPasswordLabel, { exact: true }).fill('Something-Else-1!');
    await page.getByRole('button', { name: MSG.resetPasswordSubmit, exact: true }).click();
    await page.getByText(MSG.newPasswordMismatch).waitFor();
    await screenshot(page, 'auth-new-password-375');
    await page.getByLabel(MSG.confirmNewPasswordLabel, { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: MSG.resetPasswordSubmit, exact: true }).click();
    await page.waitForURL('**/login');
    await page.getByText(MSG.passwordResetSuccessLogin).waitFor();

    // the link is spent
    await page.goto(link);
    await page.getByText(MSG.resetLinkFailed).waitFor();
    await screenshot(page, 'auth-new-password-failed-375');

    await loginInBrowser(page, email, NEW_PASSWORD);
    expect(pathOf(page)).toBe('/accounts/overview');
    // the old password no longer works
    const old = await fetch(`${baseUrl()}/api/users/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: { email, password }, recaptchaToken: await solveCaptcha() }),
    });
    expect(old.status).toBe(400);
    await context.close();
  });

  it('the guard returns to where the visitor was; /signin continues to checkout; sign-out locks the account area again', async () => {
    const { email, password } = await createVerifiedUser();
    const { context, page } = await newPage('desktop');
    await page.goto('/accounts/plans');
    await page.waitForURL('**/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await solveCaptchaWidget(page);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/accounts/plans');
    const token = await page.evaluate(() => localStorage.getItem('access_token'));

    await page.goto('/');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();
    const me = await fetch(`${baseUrl()}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
    await page.goto('/accounts/overview');
    await page.waitForURL('**/login');

    await page.goto('/signin');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await solveCaptchaWidget(page);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/shipping');
    await context.close();
  });

  it('screens at 375 and 1440', async () => {
    for (const [viewport, width] of [
      ['mobile', 375],
      ['desktop', 1440],
    ] as const) {
      const { context, page } = await newPage(viewport);
      for (const [path, name] of [
        ['/signup', 'signup'],
        ['/login', 'login'],
        ['/signin', 'signin'],
        ['/forgot-password', 'forgot'],
        ['/verify-sent?email=someone%40outlook.com', 'verify-sent-outlook'],
        ['/verify-email/not-a-real-token', 'verify-email-failed'],
        ['/new-password/not-a-real-token', 'new-password-failed'],
      ] as const) {
        await page.goto(path);
        await page.locator('h1').first().waitFor();
        if (['signup', 'login', 'signin'].includes(name)) await page.locator('altcha-widget').getByLabel("I'm not a robot").waitFor();
        // the link checks settle on their failure view
        if (name.endsWith('-failed')) await page.getByRole('heading', { name: MSG.verificationFailed }).waitFor();
        // this server has no GOOGLE_CLIENT_ID: no Google buttons anywhere
        expect(await page.getByRole('button', { name: /google/i }).count()).toBe(0);
        await screenshot(page, `auth-${name}-${width}`);
      }
      // verify-sent without an address: only the error (and the way back), no inbox button
      await page.goto('/verify-sent');
      await page.getByRole('alert').getByText(MSG.invalidEmailAddress).waitFor();
      await expect(page.getByRole('button', { name: 'Open my inbox' }).count()).resolves.toBe(0);
      await context.close();
    }
  });
});
