import { describe, expect, it } from 'vitest';
import { campaignParagraphs, ZCampaignDraft } from './campaigns';

describe('campaignParagraphs', () => {
  it('splits on blank lines and joins the lines of a paragraph', () => {
    expect(campaignParagraphs('LentiBooth 2.4\nis out.\r\n\r\n  Update today. \n\n\n\nThanks')).toEqual(['LentiBooth 2.4 is out.', 'Update today.', 'Thanks']);
  });
  it('answers nothing for blank text', () => {
    expect(campaignParagraphs(' \n \n')).toEqual([]);
  });
});

describe('ZCampaignDraft', () => {
  it('takes a kind, a one-line subject and a body, trimmed', () => {
    expect(ZCampaignDraft.parse({ kind: 'promotional', subject: ' Offer ', body: ' Hi ' })).toEqual({ kind: 'promotional', subject: 'Offer', body: 'Hi' });
  });
  it('refuses a subject with a line break (a header injection), an empty body and an unknown kind', () => {
    expect(ZCampaignDraft.safeParse({ kind: 'announcement', subject: 'A\r\nBcc: x@example.com', body: 'x' }).success).toBe(false);
    expect(ZCampaignDraft.safeParse({ kind: 'announcement', subject: 'A', body: '   ' }).success).toBe(false);
    expect(ZCampaignDraft.safeParse({ kind: 'newsletter', subject: 'A', body: 'x' }).success).toBe(false);
  });
});
