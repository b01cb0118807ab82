const GMAIL = 'https://mail.google.com/';
const OUTLOOK = 'https://outlook.live.com/';
const YAHOO = 'https://mail.yahoo.com/';
const ICLOUD = 'https://www.icloud.com/mail';

/**
 * Inbox to open from the verify-sent screen, chosen by the address's domain. The spec names
 * gmail, outlook/hotmail, yahoo and icloud; live/msn (Outlook), ymail (Yahoo) and me/mac
 * (iCloud) are the same providers' other domains. Anything else opens Gmail. Null when the
 * address is missing or has no domain (the screen then alerts 'Invalid email address').
 */
export function mailProviderUrl(email: string | null | undefined): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at <= 0) return null;
  const domain = email
    .slice(at + 1)
    .trim()
    .toLowerCase();
  if (!domain) return null;
  const name = domain.split('.')[0] ?? '';
  if (['outlook', 'hotmail', 'live', 'msn'].includes(name)) return OUTLOOK;
  if (['yahoo', 'ymail'].includes(name)) return YAHOO;
  if (['icloud', 'me', 'mac'].includes(name)) return ICLOUD;
  return GMAIL;
}
