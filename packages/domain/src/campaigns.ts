import { z } from 'zod';
import { ZPaged } from './responses';
import { safeString } from './schemas';

// Announcements and promotional mail (issue 22): what the owner writes, and the lists a customer
// can leave. A campaign's kind is also the name of the list its unsubscribe link turns off.

export const CAMPAIGN_KINDS = ['announcement', 'promotional'] as const;
export type CampaignKind = (typeof CAMPAIGN_KINDS)[number];
export const ZCampaignKind = z.enum(CAMPAIGN_KINDS, { error: 'Choose announcement or promotional' });

export const CAMPAIGN_STATUSES = ['draft', 'sending', 'sent'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The list each kind goes to, in the words of the account's notification settings. */
export const CAMPAIGN_LIST_NAMES: Record<CampaignKind, string> = {
  announcement: 'Announcements (service and product news)',
  promotional: 'Promotional emails',
};

export const CAMPAIGN_SUBJECT_MAX = 150;
export const CAMPAIGN_BODY_MAX = 20_000;

/** A draft as the composer sends it. The body is plain text; a blank line starts a paragraph. */
export const ZCampaignDraft = z.strictObject({
  kind: ZCampaignKind,
  subject: safeString({ error: 'Write a subject' })
    .trim()
    .min(1, { error: 'Write a subject', abort: true })
    .max(CAMPAIGN_SUBJECT_MAX, { error: `At most ${CAMPAIGN_SUBJECT_MAX} characters` })
    // A subject is a mail header: a line break there would start a header of its own.
    .refine((s) => !/[\r\n]/.test(s), { error: 'A subject is one line' }),
  body: safeString({ error: 'Write the message' })
    .trim()
    .min(1, { error: 'Write the message', abort: true })
    .max(CAMPAIGN_BODY_MAX, { error: `At most ${CAMPAIGN_BODY_MAX} characters` }),
});
export type TCampaignDraft = z.infer<typeof ZCampaignDraft>;

/** The body's paragraphs: blank lines separate them; lines inside one are joined by a space. */
export function campaignParagraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) =>
      p
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean)
        .join(' '),
    )
    .filter(Boolean);
}

const ZInstant = z.iso.datetime();

export const ZCampaign = z.object({
  id: z.number().int(),
  kind: ZCampaignKind,
  subject: z.string(),
  body: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  audience: z.number().int().nonnegative().nullable().describe('Customers it was queued for (null while a draft)'),
  sent: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative().describe('Customers who turned the list off between queueing and delivery: not mailed'),
  pending: z.number().int().nonnegative(),
  created_by_email: z.string(),
  created_at: ZInstant,
  updated_at: ZInstant,
  queued_at: ZInstant.nullable(),
  finished_at: ZInstant.nullable(),
});
export type TCampaign = z.infer<typeof ZCampaign>;
export const ZCampaignPage = ZPaged(ZCampaign);
export type TCampaignPage = z.infer<typeof ZCampaignPage>;

export const ZCampaignPreview = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  headers: z.record(z.string(), z.string()),
});
export type TCampaignPreview = z.infer<typeof ZCampaignPreview>;

export const ZAudienceCount = z.object({ kind: ZCampaignKind, count: z.number().int().nonnegative() });
export type TAudienceCount = z.infer<typeof ZAudienceCount>;

/** `?list=` of an unsubscribe link. */
export const ZUnsubscribeQuery = z.object({ list: ZCampaignKind });

/**
 * What an unsubscribe POST may carry: a mail client's one-click form (RFC 8058:
 * `List-Unsubscribe=One-Click`) or nothing (the web page); the list is in the query either way.
 */
export const ZUnsubscribeBody = z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() }).optional();

export const ZUnsubscribeState = z.object({
  email: z.string(),
  list: ZCampaignKind,
  subscribed: z.boolean(),
});
export type TUnsubscribeState = z.infer<typeof ZUnsubscribeState>;
