import { CAMPAIGN_LIST_NAMES, campaignParagraphs, type CampaignKind } from '@lbs/domain/campaigns';
import { greeting } from '@lbs/domain/greeting';
import { headerSafe, renderMail } from '../../integrations/mail/template';
import type { MailMessage } from '../outbox/enqueue';

export interface CampaignMailInput {
  campaign: { kind: CampaignKind; subject: string; body: string };
  customer: { email: string; firstName: string; username: string };
  /** The customer's unsubscribe token (unsubscribe-token.ts). */
  token: string;
  publicUrl: string;
}

/** The one-click address mail clients POST to (RFC 8058), and the page a person opens. */
export function unsubscribeUrls(publicUrl: string, token: string, kind: CampaignKind) {
  const query = `?list=${kind}`;
  return {
    oneClick: `${publicUrl}/api/unsubscribe/${encodeURIComponent(token)}${query}`,
    page: `${publicUrl}/unsubscribe/${encodeURIComponent(token)}${query}`,
  };
}

const WHY: Record<CampaignKind, string> = {
  announcement: 'You get this mail because announcements are on in your LentiBooth account’s notification settings.',
  promotional: 'You get this mail because you turned promotional emails on in your LentiBooth account’s notification settings.',
};

/**
 * One customer's copy of a campaign: the shop's mail look, their greeting, the owner's paragraphs,
 * and the way out in the body and in the headers (RFC 2369 List-Unsubscribe, RFC 8058 one-click).
 */
export function campaignMail(input: CampaignMailInput): MailMessage {
  const { campaign, customer } = input;
  const urls = unsubscribeUrls(input.publicUrl, input.token, campaign.kind);
  return {
    to: customer.email,
    subject: headerSafe(campaign.subject),
    ...renderMail({
      title: campaign.subject,
      paragraphs: [greeting({ firstName: customer.firstName, username: customer.username }), ...campaignParagraphs(campaign.body)],
      footnote: WHY[campaign.kind],
      footLink: { text: `No more ${CAMPAIGN_LIST_NAMES[campaign.kind].toLowerCase()}?`, label: 'Unsubscribe', url: urls.page },
    }),
    headers: {
      'List-Unsubscribe': `<${urls.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
