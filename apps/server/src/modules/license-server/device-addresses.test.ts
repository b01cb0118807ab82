import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { insertLicense } from '../../../test/account-fixtures';
import { createUserWithSession, randomIp, type TestUser } from '../../../test/fixtures';
import { activate, validate } from '../../../test/license-server-fixtures';
import { licenseDeviceAddresses, licenses } from '../../db/schema';
import { recordDeviceAddresses } from './device-addresses';

let t: TestApp;
let customer: TestUser;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

const sharedAt = async (id: string) =>
  (await t.db.select({ at: licenses.deviceSharedAt }).from(licenses).where(eq(licenses.id, id)))[0]!.at;
const addresses = (id: string) =>
  t.db
    .select()
    .from(licenseDeviceAddresses)
    .where(eq(licenseDeviceAddresses.licenseId, id))
    .orderBy(asc(licenseDeviceAddresses.firstSeenAt), asc(licenseDeviceAddresses.ip));

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://shop.test' });
  customer = await createUserWithSession(t.db);
});
afterAll(() => t?.close());

describe('recordDeviceAddresses', () => {
  const at = new Date('2026-11-14T09:00:00Z');
  const later = (ms: number) => new Date(at.getTime() + ms);

  it('one device id from two addresses within the hour flags the licence', async () => {
    const l = await insertLicense(t.db, customer, { deviceId: 'booth-copied' });
    await recordDeviceAddresses(t.db, [{ licenseId: l.id, deviceId: 'booth-copied', ip: '10.1.0.1', at }]);
    expect(await sharedAt(l.id)).toBeNull();
    await recordDeviceAddresses(t.db, [{ licenseId: l.id, deviceId: 'booth-copied', ip: '10.2.0.1', at: later(40 * MINUTE) }]);
    expect(await sharedAt(l.id)).toEqual(later(40 * MINUTE));
    expect(await addresses(l.id)).toMatchObject([
      { deviceId: 'booth-copied', ip: '10.1.0.1', firstSeenAt: at, lastSeenAt: at },
      { deviceId: 'booth-copied', ip: '10.2.0.1', firstSeenAt: later(40 * MINUTE), lastSeenAt: later(40 * MINUTE) },
    ]);
  });

  it('the same address all day is no flag; its first and last time are kept', async () => {
    const l = await insertLicense(t.db, customer, { deviceId: 'booth-one' });
    for (let h = 0; h < 10; h += 1) {
      await recordDeviceAddresses(t.db, [{ licenseId: l.id, deviceId: 'booth-one', ip: '10.3.0.1', at: later(h * HOUR) }]);
    }
    expect(await sharedAt(l.id)).toBeNull();
    expect(await addresses(l.id)).toMatchObject([{ ip: '10.3.0.1', firstSeenAt: at, lastSeenAt: later(9 * HOUR) }]);
  });

  it('two addresses hours apart (the booth moved from the hall to the hotel) are no flag, nor back the next day', async () => {
    const l = await insertLicense(t.db, customer, { deviceId: 'booth-moving' });
    const seen = (ip: string, ms: number) => recordDeviceAddresses(t.db, [{ licenseId: l.id, deviceId: 'booth-moving', ip, at: later(ms) }]);
    await seen('10.4.0.1', 0);
    await seen('10.4.0.1', 8 * HOUR);
    await seen('10.5.0.1', 10 * HOUR);
    await seen('10.4.0.1', 24 * HOUR);
    expect(await sharedAt(l.id)).toBeNull();
  });

  it('sightings written together see each other; other devices and other licences are apart', async () => {
    const l = await insertLicense(t.db, customer, { deviceId: 'booth-batch' });
    const other = await insertLicense(t.db, customer, { deviceId: 'booth-other' });
    await recordDeviceAddresses(t.db, [
      { licenseId: l.id, deviceId: 'booth-batch', ip: '10.6.0.1', at },
      { licenseId: other.id, deviceId: 'booth-other', ip: '10.6.0.2', at },
      { licenseId: l.id, deviceId: 'booth-batch', ip: '10.6.0.1', at: later(1000) },
      { licenseId: l.id, deviceId: 'booth-batch', ip: '10.6.0.3', at: later(500) },
    ]);
    expect(await sharedAt(l.id)).toEqual(later(1000));
    expect(await sharedAt(other.id)).toBeNull();
    // an earlier flag is not moved back by an older sighting written late
    await recordDeviceAddresses(t.db, [{ licenseId: l.id, deviceId: 'booth-batch', ip: '10.6.0.4', at: later(-MINUTE) }]);
    expect(await sharedAt(l.id)).toEqual(later(1000));
  });
});

describe('the licence server records where each device checks in from', () => {
  it('activation records its address; a copied state folder validating from a second place is flagged, not locked out', async () => {
    const l = await insertLicense(t.db, customer);
    const hall = randomIp();
    const elsewhere = randomIp();
    expect((await activate(t, l.licenseKey, 'booth-state', {}, hall)).statusCode).toBe(200);
    expect(await addresses(l.id)).toMatchObject([{ deviceId: 'booth-state', ip: hall }]);

    await validate(t, l.licenseKey, 'booth-state', {}, hall);
    await t.ctx.licenseChecks.flush();
    expect(await sharedAt(l.id)).toBeNull();

    const copy = await validate(t, l.licenseKey, 'booth-state', {}, elsewhere);
    expect(copy.json()).toMatchObject({ valid: true, code: 'VALID' });
    await t.ctx.licenseChecks.flush();
    const flagged = await sharedAt(l.id);
    expect(flagged).not.toBeNull();
    expect(Date.now() - flagged!.getTime()).toBeLessThan(MINUTE);
    expect(
      await t.db
        .select()
        .from(licenseDeviceAddresses)
        .where(and(eq(licenseDeviceAddresses.licenseId, l.id), eq(licenseDeviceAddresses.ip, elsewhere))),
    ).toHaveLength(1);
    // both places keep working
    expect((await validate(t, l.licenseKey, 'booth-state', {}, hall)).json()).toMatchObject({ valid: true });
  });

  it('every address of one second of checks is kept, not only the latest check of the licence', async () => {
    const l = await insertLicense(t.db, customer);
    expect((await activate(t, l.licenseKey, 'booth-twice', {}, '10.7.0.1')).statusCode).toBe(200);
    await validate(t, l.licenseKey, 'booth-twice', {}, '10.7.0.2');
    await validate(t, l.licenseKey, 'booth-twice', {}, '10.7.0.1');
    await t.ctx.licenseChecks.flush();
    expect((await addresses(l.id)).map((a) => a.ip).sort()).toEqual(['10.7.0.1', '10.7.0.2']);
    expect(await sharedAt(l.id)).not.toBeNull();
  });

  it('another device of the licence (refused DEVICE_MISMATCH) records nothing', async () => {
    const l = await insertLicense(t.db, customer);
    expect((await activate(t, l.licenseKey, 'booth-holder')).statusCode).toBe(200);
    await validate(t, l.licenseKey, 'booth-stranger', {}, randomIp());
    await t.ctx.licenseChecks.flush();
    expect((await addresses(l.id)).map((a) => a.deviceId)).toEqual(['booth-holder']);
    expect(await sharedAt(l.id)).toBeNull();
  });
});
