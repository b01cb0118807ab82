import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLicense } from '../../../test/account-fixtures';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUserWithSession, type TestUser } from '../../../test/fixtures';
import { validate } from '../../../test/license-server-fixtures';

let t: TestApp;
let customer: TestUser;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await buildTestApp();
  customer = await createUserWithSession(t.db);
});
afterAll(() => t?.close());

/**
 * docs/license-api.md, Validate, "Which answers carry `license`": those about a licence on this
 * device or on none, whatever the code; never for an unknown key or another device, so a copy of
 * a key cannot learn which device holds it, even when the licence has ended.
 */
describe('which validate answers carry `license`', () => {
  const past = () => ({
    startAt: new Date(Date.now() - 2 * DAY),
    expiresAt: new Date(Date.now() - DAY),
  });

  it.each([
    ['VALID', 'this device', { deviceId: 'booth-c1' }, 'booth-c1', true],
    ['NOT_ACTIVATED', 'no device', { deviceId: null }, 'booth-c2', true],
    ['REVOKED', 'this device', { deviceId: 'booth-c3', revoked: true }, 'booth-c3', true],
    ['REVOKED', 'another device', { deviceId: 'booth-c4', revoked: true }, 'booth-other', false],
    ['EXPIRED', 'this device', { deviceId: 'booth-c5', ...past() }, 'booth-c5', true],
    ['EXPIRED', 'another device', { deviceId: 'booth-c6', ...past() }, 'booth-other', false],
    ['DEVICE_MISMATCH', 'another device', { deviceId: 'booth-c7' }, 'booth-other', false],
  ] as const)('%s asked from %s', async (code, _from, opts, askingDevice, carriesLicense) => {
    const l = await insertLicense(t.db, customer, opts);
    const body = (await validate(t, l.licenseKey, askingDevice)).json();
    expect(body.code).toBe(code);
    if (carriesLicense) expect(body.license).toMatchObject({ id: l.id });
    else expect(body).not.toHaveProperty('license');
  });

  it('NOT_FOUND carries none', async () => {
    const body = (await validate(t, '7K2QF-0M9XD-R4T8V-B1NCE-HZ6WA-P3YJS', 'booth-c8')).json();
    expect(body.code).toBe('NOT_FOUND');
    expect(body).not.toHaveProperty('license');
  });
});
