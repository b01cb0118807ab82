import type { TCampaign } from '@lbs/domain/campaigns';

/** '1 customer', '12,345 customers'. */
export const customersText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'customer' : 'customers'}`;

export const CAMPAIGN_STATUS_LABEL: Record<TCampaign['status'], string> = { draft: 'Draft', sending: 'Sending', sent: 'Sent' };
export const CAMPAIGN_KIND_LABEL: Record<TCampaign['kind'], string> = { announcement: 'Announcement', promotional: 'Promotional' };
