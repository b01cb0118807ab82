import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, mailTo, type TestApp } from '../../../test/build-test-app';
import { createAdminWithSession, createUserWithSession, type TestUser } from '../../../test/fixtures';
import { adminAudit, campaignRecipients, campaigns, devMail, outbox, users } from '../../db/schema';
import { OutboxWorker } from '../outbox/worker';
import { deliverCampaignMail } from './deliver-campaign-mail';

let t: TestApp;
let owner: TestUser;
let fan: TestUser; // announcements on (the default)
let promoFan: TestUser; // promotional turned on
let quiet: TestUser; // announcements off
let unverified: TestUser;
let otherAdmin: TestUser;

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, who: TestUser | null, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: who?.headers ?? {}, ...(payload ? { payload } : {}) });

async function draft(kind: 'announcement' | 'promotional', subject = `News ${Math.random()}`): Promise<number> {
  const res = await inject('POST', '/admin/campaigns', owner, { kind, subject, body: 'LentiBooth 2.4 is out.\n\nIt prints twice as fast.' });
  expect(res.statusCode).toBe(201);
  return res.json().id as number;
}

const recipientsOf = async (id: number) =>
  (await t.db.select({ userId: campaignRecipients.userId, status: campaignRecipients.status }).from(campaignRecipients).where(eq(campaignRecipients.campaignId, id))).sort((a, b) => a.userId - b.userId);
const campaignMailCount = async () => Number((await t.db.select({ n: count() }).from(outbox).where(eq(outbox.kind, 'campaign_mail')))[0]!.n);
const mailsWithSubject = async (to: string, subject: string) => (await mailTo(t.app, to)).filter((m) => m.subject === subject);

beforeAll(async () => {
  t = await buildTestApp({ PUBLIC_URL: 'https://shop.example.com' });
  owner = await createAdminWithSession(t.db);
  otherAdmin = await createAdminWithSession(t.db);
  fan = await createUserWithSession(t.db);
  promoFan = await createUserWithSession(t.db);
  quiet = await createUserWithSession(t.db);
  unverified = await createUserWithSession(t.db, { verified: false });
  await t.db.update(users).set({ notifyPromotional: true, promotionalConsentAt: new Date() }).where(eq(users.id, promoFan.id));
  await t.db.update(users).set({ notifyAnnouncements: false }).where(eq(users.id, quiet.id));
});
afterAll(() => t?.close());

describe('campaign drafts', () => {
  it('writes, edits and lists a draft newest first with its counts, each write audited', async () => {
    const first = await draft('announcement', 'First');
    const second = await draft('promotional', 'Second');
    const edited = await inject('PUT', `/admin/campaigns/${first}`, owner, { kind: 'announcement', subject: 'First, edited', body: 'Hello' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ subject: 'First, edited', status: 'draft', audience: null, sent: 0 });
    const page = (await inject('GET', '/admin/campaigns?page=1', owner)).json();
    expect(page.items.map((c: { id: number }) => c.id).slice(0, 2)).toEqual([second, first]);
    const audit = await t.db.select({ action: adminAudit.action, label: adminAudit.label }).from(adminAudit).where(and(eq(adminAudit.targetType, 'campaign'), eq(adminAudit.targetId, String(first))));
    expect(audit).toEqual(
      expect.arrayContaining([
        { action: 'campaign.created', label: '“First” · announcement' },
        { action: 'campaign.updated', label: '“First, edited” · announcement' },
      ]),
    );
  });

  it('refuses customers and strangers before the body, and a subject with a line break', async () => {
    expect((await inject('POST', '/admin/campaigns', null, { nonsense: 1 })).statusCode).toBe(401);
    expect((await inject('POST', '/admin/campaigns', fan, { nonsense: 1 })).statusCode).toBe(403);
    expect((await inject('GET', '/admin/campaigns/audience-count?kind=announcement', fan)).statusCode).toBe(403);
    const bad = await inject('POST', '/admin/campaigns', owner, { kind: 'announcement', subject: 'Two\nlines', body: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toContain('subject');
    expect((await inject('GET', '/admin/campaigns/999999', owner)).statusCode).toBe(404);
  });
});

describe('who a campaign goes to', () => {
  it('counts and queues verified customers whose choice is on: never admins, the unverified or those who said no', async () => {
    const announce = (await inject('GET', '/admin/campaigns/audience-count?kind=announcement', owner)).json();
    const promo = (await inject('GET', '/admin/campaigns/audience-count?kind=promotional', owner)).json();
    expect(announce).toEqual({ kind: 'announcement', count: 2 }); // fan, promoFan
    expect(promo).toEqual({ kind: 'promotional', count: 1 }); // promoFan only: consent first

    const id = await draft('promotional');
    const sent = await inject('POST', `/admin/campaigns/${id}/send`, owner);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'sending', audience: 1, pending: 1 });
    expect((await recipientsOf(id)).map((r) => r.userId)).toEqual([promoFan.id]);
    for (const nobody of [owner, otherAdmin, quiet, unverified, fan]) expect(await recipientsOf(id)).not.toContainEqual(expect.objectContaining({ userId: nobody.id }));
  });
});

describe('sending once', () => {
  it('two sends at once queue one audience and one mail per customer; the loser answers 409', async () => {
    const before = await campaignMailCount();
    const id = await draft('announcement', 'Twice clicked');
    const answers = await Promise.all([inject('POST', `/admin/campaigns/${id}/send`, owner), inject('POST', `/admin/campaigns/${id}/send`, owner)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().detail).toMatch(/already been sent/);
    expect((await recipientsOf(id)).map((r) => r.userId)).toEqual([fan.id, promoFan.id].sort((a, b) => a - b));
    expect((await campaignMailCount()) - before).toBe(2);
    // A later retry, too.
    expect((await inject('POST', `/admin/campaigns/${id}/send`, owner)).statusCode).toBe(409);
    expect((await campaignMailCount()) - before).toBe(2);
    // And the words can no longer change.
    expect((await inject('PUT', `/admin/campaigns/${id}`, owner, { kind: 'announcement', subject: 'Changed', body: 'x' })).statusCode).toBe(409);

    expect(await mailsWithSubject(fan.email, 'Twice clicked')).toHaveLength(1);
    expect(await mailsWithSubject(promoFan.email, 'Twice clicked')).toHaveLength(1);
    expect(await mailsWithSubject(quiet.email, 'Twice clicked')).toHaveLength(0);
    const done = (await inject('GET', `/admin/campaigns/${id}`, owner)).json();
    expect(done).toMatchObject({ status: 'sent', audience: 2, sent: 2, failed: 0, pending: 0 });
    expect(done.finished_at).not.toBeNull();
    const audit = await t.db.select({ action: adminAudit.action }).from(adminAudit).where(and(eq(adminAudit.action, 'campaign.sent'), eq(adminAudit.targetId, String(id))));
    expect(audit).toHaveLength(1);
  });

  it('a worker that died after sending, or a duplicate message, mails nobody twice', async () => {
    const id = await draft('announcement', 'Restarted worker');
    await inject('POST', `/admin/campaigns/${id}/send`, owner);
    await mailTo(t.app, fan.email);
    // The process died between handing the mail over and marking the message delivered: the
    // message comes back after its lease.
    await t.db.execute(sql`update ${outbox} set status = 'pending', locked_until = null, delivered_at = null where kind = 'campaign_mail' and payload->>'campaign_id' = ${String(id)}`);
    // And a stray second message for the same customer.
    await t.db.insert(outbox).values({ kind: 'campaign_mail', payload: { campaign_id: id, user_id: fan.id } });
    expect(await mailsWithSubject(fan.email, 'Restarted worker')).toHaveLength(1);
    expect(await mailsWithSubject(promoFan.email, 'Restarted worker')).toHaveLength(1);
    const pending = await t.db.select({ n: count() }).from(outbox).where(and(eq(outbox.kind, 'campaign_mail'), eq(outbox.status, 'pending')));
    expect(Number(pending[0]!.n)).toBe(0);
  });

  it('honours an unsubscribe made after queueing: that customer is skipped, not mailed', async () => {
    const id = await draft('announcement', 'Changed their mind');
    await inject('POST', `/admin/campaigns/${id}/send`, owner);
    await t.db.update(users).set({ notifyAnnouncements: false }).where(eq(users.id, fan.id));
    try {
      expect(await mailsWithSubject(fan.email, 'Changed their mind')).toHaveLength(0);
      expect(await mailsWithSubject(promoFan.email, 'Changed their mind')).toHaveLength(1);
      expect((await inject('GET', `/admin/campaigns/${id}`, owner)).json()).toMatchObject({ status: 'sent', audience: 2, sent: 1, skipped: 1, failed: 0 });
    } finally {
      await t.db.update(users).set({ notifyAnnouncements: true }).where(eq(users.id, fan.id));
    }
  });

  it('marks a customer failed when the last attempt fails, and still finishes the campaign', async () => {
    const id = await draft('announcement', 'Bounced');
    await inject('POST', `/admin/campaigns/${id}/send`, owner);
    const failing = { kind: 'smtp' as const, send: () => Promise.reject(new Error('451 try later')) };
    const worker = new OutboxWorker(t.db, { mail: () => Promise.resolve(), campaignMail: (p, outboxId, last) => deliverCampaignMail({ db: t.db, mail: failing, publicUrl: 'https://shop.example.com' }, p, outboxId, last) }, t.app.log, { pollMs: 60_000, maxAttempts: 1 });
    await worker.drain();
    const counts = (await inject('GET', `/admin/campaigns/${id}`, owner)).json();
    expect(counts).toMatchObject({ status: 'sent', audience: 2, sent: 0, failed: 2 });
    const [row] = await t.db.select({ lastError: campaignRecipients.lastError }).from(campaignRecipients).where(and(eq(campaignRecipients.campaignId, id), eq(campaignRecipients.userId, fan.id)));
    expect(row!.lastError).toBe('451 try later');
    expect(await mailsWithSubject(fan.email, 'Bounced')).toHaveLength(0);
  });

  it('a campaign nobody is left to receive is sent at once', async () => {
    const before = await t.db.select({ id: users.id }).from(users).where(eq(users.notifyPromotional, true));
    await t.db.update(users).set({ notifyPromotional: false });
    try {
      const id = await draft('promotional', 'Nobody');
      expect((await inject('POST', `/admin/campaigns/${id}/send`, owner)).json()).toMatchObject({ status: 'sent', audience: 0 });
    } finally {
      for (const u of before) await t.db.update(users).set({ notifyPromotional: true }).where(eq(users.id, u.id));
    }
  });
});

describe('preview and test send', () => {
  it('previews the customer’s mail made out to the owner, and test-sends it to the owner only', async () => {
    const id = await draft('announcement', 'Preview me');
    const preview = (await inject('GET', `/admin/campaigns/${id}/preview`, owner)).json();
    expect(preview.subject).toBe('Preview me');
    expect(preview.text).toContain('It prints twice as fast.');
    expect(preview.html).toContain('<p style="margin:0 0 12px">LentiBooth 2.4 is out.</p>');
    expect(preview.headers['List-Unsubscribe']).toMatch(new RegExp(`^<https://shop\\.example\\.com/api/unsubscribe/${owner.id}\\.[\\w-]{32}\\?list=announcement>$`));
    const test = await inject('POST', `/admin/campaigns/${id}/test`, owner);
    expect(test.statusCode).toBe(200);
    const got = await mailsWithSubject(owner.email, '[Test] Preview me');
    expect(got).toHaveLength(1);
    expect(got[0]!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await mailsWithSubject(fan.email, '[Test] Preview me')).toHaveLength(0);
    expect((await t.db.select().from(campaigns).where(eq(campaigns.id, id)))[0]!.status).toBe('draft');
    const audit = await t.db.select({ after: adminAudit.after }).from(adminAudit).where(and(eq(adminAudit.action, 'campaign.test_sent'), eq(adminAudit.targetId, String(id))));
    expect(audit).toEqual([{ after: { to: owner.email } }]);
    expect(await t.db.select({ n: count() }).from(devMail).where(eq(devMail.subject, '[Test] Preview me'))).toEqual([{ n: 1 }]);
  });
});
