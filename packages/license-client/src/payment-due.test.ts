import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli';
import { paymentDueWarning } from './license-client';
import { licenseClientFixture, TEST_DEVICE } from './test/client-fixture';

/*
 * A licence in grace (its automatic renewal unpaid): usable until grace_until, and the booth is
 * told that payment is due, online from the server's payment_due, offline from the lease's due.
 */

const DAY = 86_400_000;
const f = licenseClientFixture('lbs-payment-due-');
const whole = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);

/** A Monthly licence whose term ended two days ago, in grace for five more days. */
function licenseInGrace() {
  const expiresAt = new Date(Date.now() - 2 * DAY);
  const graceUntil = new Date(Date.now() + 5 * DAY);
  const license = f.server.addLicense({
    type: 'month',
    starts_at: new Date(expiresAt.getTime() - 30 * DAY).toISOString(),
    expires_at: expiresAt.toISOString(),
    grace_until: graceUntil.toISOString(),
  });
  return { license, expiresAt, graceUntil };
}

describe('payment due (a licence in grace)', () => {
  it('validate: usable and valid, with paymentDue from the server (since, until, where to pay)', async () => {
    const { license, expiresAt, graceUntil } = licenseInGrace();
    const client = f.client();
    const activated = await client.activate(license.key);
    expect(activated).toMatchObject({ status: 'valid', usable: true });
    expect(activated.paymentDue).toEqual({ since: whole(expiresAt.getTime()), graceUntil: whole(graceUntil.getTime()), payUrl: `${f.server.url}/accounts/overview` });

    const r = await client.validate();
    expect(r).toMatchObject({ status: 'valid', usable: true, code: 'VALID' });
    expect(r.paymentDue).toEqual({ since: whole(expiresAt.getTime()), graceUntil: whole(graceUntil.getTime()), payUrl: `${f.server.url}/accounts/overview` });
    expect(r.lease).toMatchObject({ due: Math.floor(expiresAt.getTime() / 1000), lic_exp: Math.floor(graceUntil.getTime() / 1000) });
    // The lease ends with the grace at the latest.
    expect(r.leaseExpiresAt!.getTime()).toBeLessThanOrEqual(graceUntil.getTime());
  });

  it('offline: status warns from the stored lease’s due, with where to pay as the server last said', async () => {
    const { license, expiresAt, graceUntil } = licenseInGrace();
    const client = f.client();
    await client.activate(license.key);
    await f.server.stop();
    const offline = await client.validate();
    expect(offline).toMatchObject({ status: 'offline-grace', usable: true, code: 'OFFLINE' });
    expect(offline.paymentDue).toEqual({ since: whole(expiresAt.getTime()), graceUntil: whole(graceUntil.getTime()), payUrl: `${f.server.url}/accounts/overview` });
    expect((await client.status()).paymentDue).toEqual(offline.paymentDue);
  });

  it('is null for a licence not in grace, and once the renewal is paid', async () => {
    const { license } = licenseInGrace();
    const client = f.client();
    expect((await client.activate(license.key)).paymentDue).not.toBeNull();
    // Paid: a new term, no grace.
    license.expires_at = new Date(Date.now() + 28 * DAY).toISOString();
    license.grace_until = null;
    const paid = await client.validate();
    expect(paid).toMatchObject({ status: 'valid', paymentDue: null });
    expect(paid.lease?.due).toBeNull();
    expect((await client.status()).paymentDue).toBeNull();
    const stored = JSON.parse(await readFile(path.join(f.dir, 'license.json'), 'utf8')) as Record<string, unknown>;
    expect(stored.payment_due).toBeNull();
  });

  it('is denied EXPIRED once the grace has ended', async () => {
    const { license } = licenseInGrace();
    const client = f.client();
    await client.activate(license.key);
    license.grace_until = new Date(Date.now() - 1000).toISOString();
    expect(await client.validate()).toMatchObject({ status: 'denied', code: 'EXPIRED', usable: false, paymentDue: null });
  });

  it('never takes a pay_url that is not a web address: the warning says where to pay without it', async () => {
    const { license } = licenseInGrace();
    const client = f.client();
    await client.activate(license.key);
    const lease = await f.server.signLease(license, TEST_DEVICE);
    f.server.injected.push({
      status: 200,
      path: '/api/licenses/validate',
      body: {
        valid: true,
        code: 'VALID',
        detail: 'The licence is valid',
        license: { id: license.id, type: 'month', starts_at: license.starts_at, expires_at: license.expires_at, device_id: TEST_DEVICE, activate_by: null },
        lease,
        payment_due: { since: license.expires_at, grace_until: license.grace_until, pay_url: 'javascript:alert(1)' },
      },
    });
    const r = await client.validate();
    expect(r.status).toBe('valid');
    expect(r.paymentDue?.payUrl).toBeNull();
    expect(paymentDueWarning(r.paymentDue!)).toMatch(/Pay in the shop's account area, under Licences$/);
  });
});

describe('payment due after an offline activation', () => {
  it('the answer’s lease in grace warns (where to pay unknown yet), and the licence ends at due, not at the grace', async () => {
    const { license, expiresAt, graceUntil } = licenseInGrace();
    const client = f.client({ pinnedJwks: { keys: [f.server.key.publicJwk] } });
    const request = await client.createOfflineRequest(license.key);
    const iat = Math.floor(Date.now() / 1000);
    const lease = await new SignJWT({
      typ: 'month',
      dev: TEST_DEVICE,
      lic_exp: Math.floor(graceUntil.getTime() / 1000),
      due: Math.floor(expiresAt.getTime() / 1000),
      nonce: request.nonce,
      kfp: request.keyFingerprint,
    })
      .setProtectedHeader({ alg: 'EdDSA', kid: f.server.key.kid, typ: 'lease+jwt' })
      .setIssuer(f.server.url)
      .setSubject(String(license.id))
      .setIssuedAt(iat)
      .setNotBefore(Math.floor(Date.parse(license.starts_at) / 1000))
      .setExpirationTime(Math.floor(graceUntil.getTime() / 1000))
      .sign(f.server.key.privateKey);
    const r = await client.acceptOfflineAnswer(`lboa1-ans.${lease}`);
    expect(r).toMatchObject({ status: 'offline-grace', usable: true });
    expect(r.paymentDue).toEqual({ since: whole(expiresAt.getTime()), graceUntil: whole(graceUntil.getTime()), payUrl: null });
    expect(r.license?.expires_at).toBe(whole(expiresAt.getTime()).toISOString());
    expect(paymentDueWarning(r.paymentDue!)).toContain(`keeps working until ${whole(graceUntil.getTime()).toISOString()}`);
  });
});

describe('the CLI while payment is due', () => {
  async function cli(...args: string[]) {
    let stdout = '';
    const code = await runCli([...args, '--state-dir', f.dir, '--device', TEST_DEVICE], {
      stdout: (t) => (stdout += t),
      stderr: (t) => (stdout += t),
      env: { LENTIBOOTH_SERVER: f.server.url },
    });
    return { code, stdout };
  }

  it('validate and status print the warning line with the date work stops and where to pay, and exit 0', async () => {
    const { license, graceUntil } = licenseInGrace();
    expect((await cli('activate', '--key', license.key)).code).toBe(0);
    const until = whole(graceUntil.getTime()).toISOString();
    const line = new RegExp(`^Payment due: .*this booth keeps working until ${until.replace(/\./g, '\\.')}\\. Pay at ${f.server.url}/accounts/overview$`, 'm');
    const validated = await cli('validate');
    expect(validated.code).toBe(0);
    expect(validated.stdout).toContain('status: valid (VALID)');
    expect(validated.stdout).toMatch(line);
    await f.server.stop();
    const status = await cli('status');
    expect(status.code).toBe(0);
    expect(status.stdout).toMatch(line);
  });

  it('--json carries paymentDue; no warning when nothing is due', async () => {
    const { license, expiresAt } = licenseInGrace();
    const json = await cli('activate', '--key', license.key, '--json');
    expect(JSON.parse(json.stdout)).toMatchObject({ paymentDue: { since: whole(expiresAt.getTime()).toISOString(), payUrl: `${f.server.url}/accounts/overview` } });
    license.expires_at = new Date(Date.now() + 28 * DAY).toISOString();
    license.grace_until = null;
    const paid = await cli('validate');
    expect(paid.code).toBe(0);
    expect(paid.stdout).not.toMatch(/Payment due/);
  });
});
