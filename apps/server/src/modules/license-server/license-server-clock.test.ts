import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { updateLicense, validate } from '../../../test/license-server-fixtures';
import { DAY, renewingLicense } from '../../../test/renewal-fixtures';

/*
 * The licence server answers at the app's clock (ctx.clock), as the renewal job and the account
 * area do: with the clock moved (development's POST /api/dev/clock, a test), a booth's check sees
 * the same grace and the same end as the customer's overview. It read the system clock before, so a
 * journey that moved a month saw a licence "in grace" on the overview and plainly VALID at the booth.
 */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_DISABLED: '1', PUBLIC_URL: 'http://shop.test' });
}, 180_000);
afterAll(() => t?.close());

describe('the licence server reads the app clock', () => {
  it('valid now; in grace with payment_due once the clock passes the end; expired once it passes grace', async () => {
    const termEnd = new Date(Date.now() + DAY);
    const { license } = await renewingLicense(t, { expiresAt: termEnd, deviceId: 'BOOTH-CLOCK-1' });
    await updateLicense(t.db, license.id, { graceUntil: new Date(termEnd.getTime() + 7 * DAY) });

    const before = (await validate(t, license.licenseKey, 'BOOTH-CLOCK-1')).json();
    expect(before).toMatchObject({ valid: true, code: 'VALID' });
    expect(before.payment_due).toBeUndefined();

    t.ctx.clock.setOffset(2 * DAY);
    const inGrace = (await validate(t, license.licenseKey, 'BOOTH-CLOCK-1')).json();
    expect(inGrace).toMatchObject({ valid: true, code: 'VALID' });
    expect(inGrace.payment_due?.since).toBe(termEnd.toISOString());

    t.ctx.clock.setOffset(9 * DAY);
    expect((await validate(t, license.licenseKey, 'BOOTH-CLOCK-1')).json()).toMatchObject({ valid: false, code: 'EXPIRED' });
    t.ctx.clock.setOffset(0);
  });
});
