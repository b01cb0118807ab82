import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema';
import { backoffMs } from '../src/modules/outbox/worker';
import { buildTestApp, type TestApp } from './build-test-app';
import { randomIp, solveCaptcha } from './fixtures';
import { waitFor } from './server-process';
import { startSmtpServer, type TestSmtpServer } from './smtp-server';

let t: TestApp;
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer('refuse');
  t = await buildTestApp({ SMTP_URL: smtp.url, OUTBOX_POLL_MS: '50' });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('the mail server refusing mail', () => {
  it('retries with backoff, delivers once it accepts again, and loses nothing', async () => {
    const email = 'refused@example.com';
    const ip = randomIp();
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/users/signup',
      remoteAddress: ip,
      payload: { user: { username: 'refused', email, password: 'Correct-Horse-9-Battery!' }, recaptchaToken: await solveCaptcha(t.app, ip) },
    });
    expect(signup.statusCode).toBe(201);
    const [row] = await t.db.select().from(outbox);
    expect(row).toBeDefined();

    t.ctx.outbox.start();
    // First a 451 at once, then another 451 one backoff later: no tighter loop than that.
    const current = async () => (await t.db.select().from(outbox).where(eq(outbox.id, row!.id)))[0]!;
    const afterTwo = await waitFor(async () => {
      const r = await current();
      return r.attempts === 2 && r.lockedUntil === null && r;
    }, 'two refused attempts', 15_000);
    const refusedAt = Date.now();
    expect(smtp.attempts).toHaveLength(2);
    expect(afterTwo).toMatchObject({ status: 'pending', attempts: 2, lockedUntil: null });
    expect(afterTwo.lastError).toMatch(/451/);
    expect(afterTwo.nextAttemptAt.getTime() - refusedAt).toBeGreaterThan(backoffMs(2) - 1500);
    expect(smtp.accepted).toHaveLength(0);

    smtp.mode = 'accept';
    const delivered = await waitFor(async () => {
      const r = await current();
      return r.status === 'delivered' && r;
    }, 'the mail to be delivered', 15_000);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 3, lastError: null });
    // The third attempt waited for its backoff too.
    expect(Date.now() - refusedAt).toBeGreaterThan(backoffMs(2) - 1500);

    // Several more polls: nothing is sent twice.
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.attempts).toHaveLength(3);
    expect(smtp.accepted).toHaveLength(1);
    expect(smtp.accepted[0]).toMatchObject({ to: [email], messageId: `<outbox-${row!.id}@localhost>` });
    expect(smtp.accepted[0]!.subject).toMatch(/verify/i);
    await t.ctx.outbox.stop();
  }, 60_000);
});
