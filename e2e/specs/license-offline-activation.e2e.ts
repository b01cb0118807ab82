import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SignJWT, generateKeyPair } from 'jose';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@lbs/domain/messages';
import {
  OFFLINE_REQUEST_PROBLEMS,
  parseOfflineActivationRequest,
} from '@lbs/domain/offline-activation';
import { LicenseClient } from '../../packages/license-client/src/index';
import {
  adminCredentials,
  baseUrl,
  closeBrowser,
  newPage,
  screenshot,
  transitionsSettled,
  VIEWPORTS,
} from '../support/browser';
import { browserWithCamera, y4mOfImage } from '../support/fake-camera';
import { BROWSER_TIME_ZONE } from '../support/time-zones';
import { createVerifiedUser, loginInBrowser, signInThroughApi } from '../support/auth';
import { seriousViolations } from '../support/axe';
import { cli, type CliResult } from '../support/license-cli';
import { readQrCodes } from '../support/read-qr';

/*
 * Issue 20's "Done when": a booth with no internet makes an activation request with the CLI
 * (text and QR image); its operator, signed in on a phone (375 px) or a laptop (1440 px), reads
 * it on "Activate a booth offline" (the QR image chosen as a photo; the text pasted), activates,
 * and gets the answer as a QR and a text; the CLI accepts the answer with only the keys it holds
 * (the server's JWKS pinned, as a program that was never online has them), and the booth then
 * works offline until the lease's end. Replay, another device, a forged answer and an expired
 * request are refused.
 */

afterAll(closeBrowser);

const PAGE = '/accounts/booths/activate-offline';
const SHOTS = process.env.OFFLINE_SHOTS_DIR ?? '/tmp/i20/shots';
const MONTH_MS = 30 * 24 * 3600 * 1000;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lbs-e2e-offline-'));
function stateDir(name: string): string {
  const dir = path.join(tmp, name);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}
const uniqueDevice = (tag: string) =>
  `booth-${tag}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6).toString(36)}`;

let jwksFile = '';
let customer = { email: '', password: '' };
let admin: Record<string, string> = {};

async function generateKey(email: string): Promise<string> {
  const res = await fetch(`${baseUrl()}/api/subscriptions/licenses`, {
    method: 'POST',
    headers: admin,
    body: JSON.stringify({ email, mode: 'month' }),
  });
  if (res.status !== 201) throw new Error(`generate answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { license_key: string }).license_key;
}

/** A booth that was never online: its own state dir and device, the server's keys pinned (--jwks). */
function booth(tag: string) {
  const dir = stateDir(tag);
  const device = uniqueDevice(tag);
  const run = (command: string, ...args: string[]): Promise<CliResult> =>
    cli([
      command,
      '--server',
      baseUrl(),
      '--device',
      device,
      '--state-dir',
      dir,
      '--jwks',
      jwksFile,
      ...args,
    ]);
  return { dir, device, run };
}

/** Every request the page makes goes to our own server (the wasm included: never a CDN). */
function recordForeignRequests(page: Page): string[] {
  const foreign: string[] = [];
  page.on('request', (r: Request) => {
    const url = r.url();
    if (!url.startsWith(baseUrl()) && !url.startsWith('data:') && !url.startsWith('blob:'))
      foreign.push(url);
  });
  return foreign;
}

/** The answer as the page shows it: its text, and the text its QR code carries (the QR's pixels decoded). */
async function shownAnswer(page: Page): Promise<{ text: string; fromQr: string[] }> {
  const heading = page.getByRole('heading', { name: '3. Show the booth the answer' });
  await heading.waitFor();
  // The result's heading has the focus, so a screen reader announces it.
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.id))
    .toBe('offline-answer-heading');
  const text = await page.getByRole('textbox', { name: 'Answer text' }).inputValue();
  const qr = page.getByRole('img', { name: /^QR code of the activation answer/ });
  await qr.waitFor();
  await qr.scrollIntoViewIfNeeded();
  const fromQr = await readQrCodes(await qr.screenshot());
  return { text, fromQr };
}

async function settledShot(page: Page, name: string, width: number): Promise<void> {
  await transitionsSettled(page);
  await screenshot(page, name, { dir: SHOTS });
  await expect(
    page.evaluate(() => document.documentElement.scrollWidth),
  ).resolves.toBeLessThanOrEqual(width);
}

beforeAll(async () => {
  admin = await signInThroughApi(adminCredentials().email, adminCredentials().password);
  customer = await createVerifiedUser();
  const jwks = await fetch(`${baseUrl()}/api/licenses/jwks.json`);
  expect(jwks.status).toBe(200);
  jwksFile = path.join(tmp, 'pinned-jwks.json');
  fs.writeFileSync(jwksFile, await jwks.text());
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));


/**
 * Types a request into the page's box until it holds and "Read the text" can be pressed: a fill
 * racing the page's first renders can be lost to a re-render.
 */
async function fillRequestText(page: Page, text: string): Promise<void> {
  const box = page.getByLabel(/^Request text/);
  const read = page.getByRole('button', { name: 'Read the text' });
  await expect
    .poll(async () => {
      if ((await box.inputValue()) !== text) await box.fill(text);
      return read.isEnabled();
    })
    .toBe(true);
}
describe('offline activation: CLI request, the account area, CLI accept', () => {
  it('at 375 px: the QR photo chosen, activated, the answer read back by the booth, which then works offline; replay, another device and a forged answer refused', async () => {
    const key = await generateKey(customer.email);
    const b = booth('phone');
    const qrFile = path.join(b.dir, 'req.png');
    const made = await b.run(
      'offline-request',
      '--key',
      key,
      '--device-name',
      'Booth 7, Sentosa',
      '--qr-file',
      qrFile,
    );
    expect(made.code, made.stderr).toBe(0);
    const requestText = String(made.json.text);
    expect(requestText).toMatch(/^lboa1-req\./);
    expect(requestText).not.toContain(key.replace(/-/g, ''));
    expect(fs.existsSync(qrFile)).toBe(true);

    const { context, page } = await newPage('mobile');
    try {
      const foreign = recordForeignRequests(page);
      const wasm: string[] = [];
      page.on('response', (r) => {
        if (r.url().endsWith('.wasm')) wasm.push(`${r.status()} ${r.url()}`);
      });
      await loginInBrowser(page, customer.email, customer.password);
      await page.goto(PAGE);
      await page.getByRole('heading', { name: 'Activate a booth offline', level: 1 }).waitFor();
      // The camera is offered where the browser has one (localhost is a secure context).
      await page.getByRole('button', { name: 'Scan with camera' }).waitFor();
      expect(wasm).toEqual([]); // the QR reader loads only when a QR is read
      await settledShot(page, 'offline-activation-start-375', 375);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByLabel('Choose a photo or screenshot of the QR code').setInputFiles(qrFile);
      await page.getByRole('heading', { name: '2. Check and activate' }).waitFor();
      await page.getByText('Booth 7, Sentosa', { exact: true }).waitFor();
      await page.getByText(b.device, { exact: true }).waitFor();
      expect(wasm).toHaveLength(1);
      expect(wasm[0]).toMatch(new RegExp(`^200 ${baseUrl()}/`));
      await settledShot(page, 'offline-activation-check-375', 375);

      await page.getByRole('button', { name: 'Activate', exact: true }).click();
      const shown = await shownAnswer(page);
      expect(shown.text).toMatch(/^lboa1-ans\./);
      expect(shown.fromQr).toEqual([shown.text]);
      await page.getByText(`…${key.slice(-5)}`, { exact: true }).waitFor();
      await page.getByText('Monthly', { exact: true }).waitFor();
      await settledShot(page, 'offline-activation-answer-375', 375);
      expect(await seriousViolations(page)).toEqual([]);

      // "Download as file": the booth reads the answer from that file.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download as file' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('lentibooth-activation.txt');
      const answerFile = path.join(tmp, 'phone-answer.txt');
      await download.saveAs(answerFile);
      expect(fs.readFileSync(answerFile, 'utf8').trim()).toBe(shown.text);
      expect(foreign).toEqual([]);

      const accepted = await b.run('offline-accept', '--answer-file', answerFile);
      expect(accepted.code, accepted.stderr).toBe(0);
      expect(accepted.json).toMatchObject({ status: 'offline-grace', device_id: b.device });
      expect(accepted.json.license).toMatchObject({ type: 'month', device_id: b.device });
      const leaseExp = accepted.json.lease!.exp;
      expect(leaseExp * 1000).toBeGreaterThan(Date.now());
      expect(leaseExp * 1000).toBeLessThanOrEqual(Date.now() + MONTH_MS + 60_000);

      // Offline validation with the lease: `status` (no network) and `validate` against a server
      // that does not answer (a closed port; the issuer stays ours) fall back on it until its exp.
      const status = await b.run('status');
      expect(status.code, status.stderr).toBe(0);
      expect(status.json).toMatchObject({ status: 'offline-grace', code: 'LEASE_VALID' });
      expect(status.json.lease?.exp).toBe(leaseExp);
      const unreachable = await cli([
        'validate',
        '--server',
        'http://127.0.0.1:9',
        '--issuer',
        baseUrl(),
        '--device',
        b.device,
        '--state-dir',
        b.dir,
        '--jwks',
        jwksFile,
      ]);
      expect(unreachable.code, unreachable.stderr).toBe(0);
      expect(unreachable.json).toMatchObject({ status: 'offline-grace', code: 'OFFLINE' });
      expect(unreachable.json.lease?.exp).toBe(leaseExp);

      // Replay: the same answer a second time finds no pending request.
      const replay = await b.run('offline-accept', '--answer-file', answerFile);
      expect(replay.code).toBe(5);
      expect(replay.json).toMatchObject({ status: 'answer-refused', code: 'NO_PENDING_REQUEST' });
      expect((await b.run('status')).json.lease?.exp).toBe(leaseExp);

      // Another device with a pending request of its own for the same key: the answer is for the
      // first booth's device, so it does not verify here; nothing is stored.
      const other = booth('other');
      expect(
        (await other.run('offline-request', '--key', key, '--device-name', 'Booth 8')).code,
      ).toBe(0);
      const elsewhere = await other.run('offline-accept', '--answer', shown.text);
      expect([4, 5]).toContain(elsewhere.code);
      expect(elsewhere.json.status).toMatch(/^(lease-rejected|answer-refused)$/);
      expect(fs.existsSync(path.join(other.dir, 'license.json'))).toBe(false);

      // A forged answer: every claim right for the other booth's pending request (its device, nonce
      // and key fingerprint, our issuer and key id), signed with a key the server never had.
      const pending = (await other.run('offline-request', '--key', key, '--device-name', 'Booth 8'))
        .json;
      const jwks = JSON.parse(fs.readFileSync(jwksFile, 'utf8')) as {
        keys: Array<{ kid: string }>;
      };
      const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
      const now = Math.floor(Date.now() / 1000);
      const forged = await new SignJWT({
        typ: 'month',
        dev: other.device,
        lic_exp: now + 30 * 86400,
        nonce: String(pending.nonce),
        kfp: String(pending.key_fingerprint),
      })
        .setProtectedHeader({ alg: 'EdDSA', kid: jwks.keys[0]!.kid, typ: 'lease+jwt' })
        .setIssuer(baseUrl())
        .setSubject(String(accepted.json.license!.id))
        .setIssuedAt(now)
        .setNotBefore(now - 60)
        .setExpirationTime(now + 7 * 86400)
        .sign(privateKey);
      const refused = await other.run('offline-accept', '--answer', `lboa1-ans.${forged}`);
      expect(refused.code).toBe(4);
      expect(refused.json.status).toBe('lease-rejected');
      expect(fs.existsSync(path.join(other.dir, 'license.json'))).toBe(false);
    } finally {
      await context.close();
    }
  });

  it('at 375 px: the booth’s QR scanned with the camera (Chromium’s fake camera showing it), activated, accepted', async () => {
    const key = await generateKey(customer.email);
    const b = booth('camera');
    const qrFile = path.join(b.dir, 'req.png');
    const made = await b.run(
      'offline-request',
      '--key',
      key,
      '--device-name',
      'Booth 12, Clarke Quay',
      '--qr-file',
      qrFile,
    );
    expect(made.code, made.stderr).toBe(0);
    const video = path.join(b.dir, 'camera.y4m');
    y4mOfImage(qrFile, video);

    const browser = await browserWithCamera(video);
    try {
      const context = await browser.newContext({
        viewport: VIEWPORTS.mobile,
        baseURL: baseUrl(),
        timezoneId: BROWSER_TIME_ZONE,
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      await loginInBrowser(page, customer.email, customer.password);
      await page.goto(PAGE);
      await page.getByRole('button', { name: 'Scan with camera' }).click();
      await page.getByRole('heading', { name: '2. Check and activate' }).waitFor();
      await page.getByText('Booth 12, Clarke Quay', { exact: true }).waitFor();
      await page.getByText(b.device, { exact: true }).waitFor();
      // The camera is released once the request is read.
      await expect.poll(() => page.locator('video').count()).toBe(0);
      await page.getByRole('button', { name: 'Activate', exact: true }).click();
      const shown = await shownAnswer(page);
      expect(shown.fromQr).toEqual([shown.text]);
      const accepted = await b.run('offline-accept', '--answer', shown.text);
      expect(accepted.code, accepted.stderr).toBe(0);
      expect(accepted.json).toMatchObject({ status: 'offline-grace', device_id: b.device });
    } finally {
      await browser.close();
    }
  });

  it('at 1440 px: a second key’s request pasted, activated, copied, accepted by the booth', async () => {
    const key = await generateKey(customer.email);
    const b = booth('laptop');
    const made = await b.run(
      'offline-request',
      '--key',
      key,
      '--device-name',
      'Booth 9, Orchard Road',
    );
    expect(made.code, made.stderr).toBe(0);
    // A paste from a chat message arrives wrapped over lines: that still reads.
    const pasted = String(made.json.text).replace(/(.{60})/g, '$1\n');

    const { context, page } = await newPage('desktop');
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    try {
      const foreign = recordForeignRequests(page);
      await loginInBrowser(page, customer.email, customer.password);
      await page.goto(PAGE);
      await page.getByRole('heading', { name: 'Activate a booth offline', level: 1 }).waitFor();
      await settledShot(page, 'offline-activation-start-1440', 1440);
      expect(await seriousViolations(page)).toEqual([]);

      // Something that is not a request is refused on the page, with the domain's words.
      await page.getByLabel(/^Request text/).fill('https://example.com/not-a-request');
      await page.getByRole('button', { name: 'Read the text' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: OFFLINE_REQUEST_PROBLEMS.notARequest })
        .waitFor();

      await page.getByLabel(/^Request text/).fill(pasted);
      await page.getByRole('button', { name: 'Read the text' }).click();
      await page.getByRole('heading', { name: '2. Check and activate' }).waitFor();
      await page.getByText('Booth 9, Orchard Road', { exact: true }).waitFor();
      await page.getByText(b.device, { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Activate', exact: true }).click();
      const shown = await shownAnswer(page);
      expect(shown.fromQr).toEqual([shown.text]);
      await page.getByText(`…${key.slice(-5)}`, { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Copy the answer text' }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(shown.text);
      await settledShot(page, 'offline-activation-answer-1440', 1440);
      expect(await seriousViolations(page)).toEqual([]);
      expect(foreign).toEqual([]);

      const accepted = await b.run('offline-accept', '--answer', shown.text);
      expect(accepted.code, accepted.stderr).toBe(0);
      expect(accepted.json).toMatchObject({ status: 'offline-grace' });
      const status = await b.run('status');
      expect(status.code).toBe(0);
      expect(status.json).toMatchObject({ status: 'offline-grace', code: 'LEASE_VALID' });
      expect(status.json.lease?.exp).toBe(accepted.json.lease?.exp);
    } finally {
      await context.close();
    }
  });

  it('refused on the page: an expired request, and another customer’s key; an admin answers for any key', async () => {
    const key = await generateKey(customer.email);
    // A request the booth made two days ago (its clock then): past its 24 hours and the tolerance.
    const twoDaysAgo = new Date(Date.now() - 2 * 24 * 3600 * 1000);
    const oldBooth = new LicenseClient({
      serverUrl: baseUrl(),
      stateDir: stateDir('expired'),
      deviceId: uniqueDevice('expired'),
      now: () => twoDaysAgo,
    });
    const expired = await oldBooth.createOfflineRequest(key, { deviceName: 'Booth 10' });
    const stranger = await createVerifiedUser();
    const strangersKey = await generateKey(stranger.email);
    const strangersBooth = booth('stranger');
    const strangers = await strangersBooth.run(
      'offline-request',
      '--key',
      strangersKey,
      '--device-name',
      'Booth 11',
    );
    expect(strangers.code).toBe(0);

    const { context, page } = await newPage('mobile');
    try {
      await loginInBrowser(page, customer.email, customer.password);
      await page.goto(PAGE);
      await page.getByRole('heading', { name: 'Activate a booth offline', level: 1 }).waitFor();
      const read = async (text: string) => {
        await fillRequestText(page, text);
        await page.getByRole('button', { name: 'Read the text' }).click();
        await page.getByRole('heading', { name: '2. Check and activate' }).waitFor();
      };
      const submit = async (text: string) => {
        await read(text);
        await page.getByRole('button', { name: 'Activate', exact: true }).click();
      };
      // An expired request says so as soon as it is read, and offers no Activate.
      await read(expired.text);
      await page.getByRole('alert').filter({ hasText: OFFLINE_REQUEST_PROBLEMS.expired }).waitFor();
      expect(await page.getByRole('button', { name: 'Activate', exact: true }).count()).toBe(0);
      await settledShot(page, 'offline-activation-expired-375', 375);
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Read another request' }).click();
      await submit(String(strangers.json.text));
      await page.getByRole('alert').filter({ hasText: MSG.offlineKeyNotYours }).waitFor();
      await expect(
        page.getByRole('heading', { name: '3. Show the booth the answer' }).count(),
      ).resolves.toBe(0);
    } finally {
      await context.close();
    }

    // The admin, on the admin route, answers the stranger's booth.
    const back = await newPage('desktop');
    try {
      const calls: string[] = [];
      back.page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().includes('offline-activations'))
          calls.push(new URL(r.url()).pathname);
      });
      await loginInBrowser(back.page, adminCredentials().email, adminCredentials().password);
      await back.page.goto(PAGE);
      await fillRequestText(back.page, String(strangers.json.text));
      await back.page.getByRole('button', { name: 'Read the text' }).click();
      await back.page.getByRole('button', { name: 'Activate', exact: true }).click();
      const shown = await shownAnswer(back.page);
      expect(calls).toEqual(['/api/admin/licenses/offline-activations']);
      const parsed = parseOfflineActivationRequest(String(strangers.json.text));
      expect(parsed.ok && parsed.request.dev).toBe(strangersBooth.device);
      const accepted = await strangersBooth.run('offline-accept', '--answer', shown.text);
      expect(accepted.code, accepted.stderr).toBe(0);
    } finally {
      await back.context.close();
    }
  });
});
