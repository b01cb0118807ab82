import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, mailTo, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { insertLicense } from '../../../test/account-fixtures';
import { adminAudit, licenses, notifications } from '../../db/schema';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdminWithSession(t.db);
  customer = await createUserWithSession(t.db);
});
afterAll(() => t.close());

const generate = (u: TestUser | null, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/subscriptions/licenses', headers: u?.headers, payload: payload as object });
const revoke = (u: TestUser | null, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/subscriptions/licenses', headers: u?.headers, payload: payload as object });
const list = (mode: string) =>
  t.app.inject({ method: 'GET', url: '/api/subscriptions/licenses', headers: customer.headers, query: { mode } });
const auditOf = (id: string) => t.db.select().from(adminAudit).where(eq(adminAudit.targetId, id));

describe('admin licence routes', () => {
  it('refuses a stranger (401) and a customer (403) before reading the body', async () => {
    expect((await generate(null, { nonsense: true })).statusCode).toBe(401);
    expect((await generate(customer, { nonsense: true })).statusCode).toBe(403);
    expect((await revoke(customer, { nonsense: true })).statusCode).toBe(403);
  });

  it('answers 404 with a clear detail for an email that has no account', async () => {
    const res = await generate(admin, { email: 'nobody@example.com', mode: 'year' });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toContain('nobody@example.com');
  });

  it('generates a key: mailed, notified, in the customer’s current licences, audited', async () => {
    const res = await generate(admin, { email: customer.email.toUpperCase(), mode: 'onetime' });
    expect(res.statusCode).toBe(201);
    const license = res.json();
    expect(license).toMatchObject({ email: customer.email, type: 'onetime', expire_date: null, revoked: false, is_expired: false });

    const mail = await mailTo(t.app, customer.email);
    expect(mail[0]!.subject).toContain('license key');
    expect(mail[0]!.text).toContain(license.license_key);
    expect(mail[0]!.text).toContain('Never expires');

    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, customer.id));
    expect(notes.map((n) => n.type)).toContain('license_purchase');

    const current = (await list('CURRENT')).json();
    expect(current.items.map((l: { _id: string }) => l._id)).toContain(license._id);

    const [row] = await auditOf(license._id);
    expect(row).toMatchObject({ actorId: admin.id, actorEmail: admin.email, action: 'license.generated', targetType: 'license', before: null, ip: '127.0.0.1' });
    // Named by the key's last group (as the booth screens show it) and the customer; never the whole key.
    expect(row).toMatchObject({ label: `…${license.license_key.split('-').at(-1)} · ${customer.email}`, subjectUserId: customer.id });
    expect(row!.label).not.toContain(license.license_key);
    expect(row!.after).toMatchObject({ type: 'onetime', expires_at: null, email: customer.email });
    // The key is a secret of the customer's: the log keeps the terms, not the key.
    expect(JSON.stringify(row!.after)).not.toContain(license.license_key);
  });

  it('generates a custom range with the given start and end', async () => {
    const res = await generate(admin, { email: customer.email, mode: 'custom', start_date: '2030-01-01T00:00:00Z', end_date: '2030-03-01T00:00:00Z' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'custom', create_date: '2030-01-01T00:00:00.000Z', expire_date: '2030-03-01T00:00:00.000Z' });
    expect((await generate(admin, { email: customer.email, mode: 'custom', start_date: '2030-01-01T00:00:00Z' })).statusCode).toBe(400);
  });

  it('refuses a custom licence that has already ended with a clear 400, issuing nothing', async () => {
    const before = (await t.db.select().from(licenses).where(eq(licenses.userId, customer.id))).length;
    const res = await generate(admin, { email: customer.email, mode: 'custom', start_date: '2020-01-01T00:00:00Z', end_date: '2020-03-01T00:00:00Z' });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toBe('end_date: The end date is in the past: a custom license must end after now');
    expect((await t.db.select().from(licenses).where(eq(licenses.userId, customer.id))).length).toBe(before);
  });

  it('generates a Daily key as an unused pass: it starts at its first activation, by 12 months on', async () => {
    const owner = await createUserWithSession(t.db);
    const res = await generate(admin, { email: owner.email, mode: 'day' });
    expect(res.statusCode, res.body).toBe(201);
    const pass = res.json();
    expect(pass.activate_by).not.toBeNull();
    expect(pass.expire_date).toBe(pass.activate_by);
    expect(Date.parse(pass.activate_by) - Date.now()).toBeGreaterThan(360 * DAY);
    const [mail] = await mailTo(t.app, owner.email);
    expect(mail!.text).toContain('Starts on first activation');
    expect(mail!.text).toContain('Activate by');
    expect(mail!.text).not.toContain('Valid until');
    // With a start date the admin chose, a Daily key runs on that day.
    const dated = await generate(admin, { email: owner.email, mode: 'day', start_date: '2030-01-01T00:00:00Z' });
    expect(dated.json()).toMatchObject({ activate_by: null, create_date: '2030-01-01T00:00:00.000Z', expire_date: '2030-01-02T00:00:00.000Z' });
  });

  it('revokes: the row stays, stamped, and moves to Past; a second revoke is 409', async () => {
    const l = await insertLicense(t.db, customer, { type: 'year' });
    const res = await revoke(admin, { license_id: l.id, mode: 'revoke' });
    expect(res.statusCode).toBe(200);
    // Revoked, not expired: the key would have run until next year.
    expect(res.json()).toMatchObject({ _id: l.id, revoked: true, is_expired: false });
    const [stored] = await t.db.select().from(licenses).where(eq(licenses.id, l.id));
    expect(stored!.revokedAt).not.toBeNull();
    expect((await list('PAST')).json().items.map((x: { _id: string }) => x._id)).toContain(l.id);
    expect((await list('CURRENT')).json().items.map((x: { _id: string }) => x._id)).not.toContain(l.id);

    const again = await revoke(admin, { license_id: l.id, mode: 'revoke' });
    expect(again.statusCode).toBe(409);
    const [row, ...more] = await auditOf(l.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ action: 'license.revoked', label: `…${l.licenseKey.split('-').at(-1)} · ${l.email}`, subjectUserId: l.userId });
    expect(row!.before).toMatchObject({ revoked_at: null });
    expect((row!.after as { revoked_at: string | null }).revoked_at).not.toBeNull();
  });

  it('tells the customer when their key is revoked: a notification and a mail', async () => {
    const owner = await createUserWithSession(t.db);
    const l = await insertLicense(t.db, owner, { type: 'month' });
    expect((await revoke(admin, { license_id: l.id, mode: 'revoke' })).statusCode).toBe(200);
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 'license_expired', title: 'License revoked' });
    expect(notes[0]!.message).toContain(l.licenseKey.slice(0, 10));
    const mail = await mailTo(t.app, owner.email);
    expect(mail.map((m) => m.subject)).toEqual(['Your LentiBooth license was revoked']);
    expect(mail[0]!.text).toContain('was revoked');
    // The mail names the key as the account area does, never in full.
    expect(mail[0]!.text).not.toContain(l.licenseKey);
  });

  it('refuses to revoke an expired licence (409) and an unknown one (404)', async () => {
    const expired = await insertLicense(t.db, customer, { type: 'day', startAt: new Date(Date.now() - 3 * DAY) });
    expect((await revoke(admin, { license_id: expired.id, mode: 'revoke' })).statusCode).toBe(409);
    expect((await revoke(admin, { license_id: '00000000-0000-4000-8000-000000000000', mode: 'revoke' })).statusCode).toBe(404);
    expect((await revoke(admin, { license_id: 'not-a-uuid', mode: 'revoke' })).statusCode).toBe(404);
    expect((await revoke(admin, { license_id: 12, mode: 'revoke' })).statusCode).toBe(404);
  });

  it('pages the audit log for admins only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin.headers, query: { page_size: '2' } });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.items).toHaveLength(2);
    expect(page.items[0]).toMatchObject({ action: 'license.revoked', actor_id: admin.id, actor_email: admin.email, target_type: 'license', ip: '127.0.0.1' });
    expect(page.items[0].before).toMatchObject({ revoked_at: null });
    expect(page.items[0]).toMatchObject({ label: expect.stringMatching(/^….+ · /), subject_user_id: expect.any(Number) });
    const next = (await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin.headers, query: { page_size: '2', page: '2' } })).json();
    expect(next.items[0].id).toBeLessThan(page.items[1].id);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: customer.headers })).statusCode).toBe(403);
  });
});
