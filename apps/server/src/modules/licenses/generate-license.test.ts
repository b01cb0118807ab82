import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildTestApp, mailTo, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { notifications } from '../../db/schema';
import { generateLicense } from './generate-license';

/*
 * Issue 21: a key generated at 06:57 Singapore time on 26 Nov was mailed "Valid from 2026-11-25"
 * (the UTC day) while the account showed 26 Nov. The mail and the notification now give the day
 * in the customer's own zone (users.time_zone), as the screens do.
 */

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t.close());

// 22:57 UTC on 25 Nov: 06:57 on the 26th in Singapore, 05:57 on the 26th in Jakarta, 14:57 on the 25th in Los Angeles.
const GENERATED_AT = new Date('2026-11-25T22:57:00Z');

async function issuedTo(timeZone: string) {
  const owner = await createUserWithSession(t.db, { timeZone });
  await generateLicense(t.db, { id: admin.id, email: admin.email, ip: '127.0.0.1' }, { email: owner.email, mode: 'year' }, GENERATED_AT);
  const [mail] = await mailTo(t.app, owner.email);
  const [note] = await t.db.select().from(notifications).where(eq(notifications.userId, owner.id));
  return { mail: mail!, note: note! };
}

describe('the licence-issued mail and notification', () => {
  it('say the Singapore day for a Singapore customer: 26 Nov, not the UTC 25th', async () => {
    const { mail, note } = await issuedTo('Asia/Singapore');
    expect(mail.text).toContain('Valid from: 26 Nov 2026');
    expect(mail.text).toContain('Valid until: 26 Nov 2027');
    expect(mail.html).toContain('26 Nov 2026');
    expect(mail.text).not.toContain('2026-11-25');
    expect(mail.text).not.toContain('25 Nov');
    expect(note.title).toBe('License issued');
    expect(note.message).toContain('valid from 26 Nov 2026 until 26 Nov 2027');
  });

  it('follow each customer’s own zone: Jakarta is on the 26th too, Los Angeles still on the 25th', async () => {
    const jakarta = await issuedTo('Asia/Jakarta');
    expect(jakarta.mail.text).toContain('Valid from: 26 Nov 2026');
    expect(jakarta.note.message).toContain('valid from 26 Nov 2026');
    const losAngeles = await issuedTo('America/Los_Angeles');
    expect(losAngeles.mail.text).toContain('Valid from: 25 Nov 2026');
    expect(losAngeles.note.message).toContain('valid from 25 Nov 2026');
  });
});
