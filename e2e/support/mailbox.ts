import { baseUrl } from './browser';

export interface DevMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header lines (a campaign's List-Unsubscribe and List-Unsubscribe-Post). */
  headers: Record<string, string>;
  created_at: string;
}

/** Waits for a mail to `to` (newest first) whose subject matches, reading the dev mailbox API. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 15_000): Promise<DevMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${baseUrl()}/api/dev/mail?to=${encodeURIComponent(to)}`);
    const mails = (await res.json()) as DevMail[];
    const hit = mails.find((m) => subject.test(m.subject));
    if (hit) return hit;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The first link in a mail's text part that starts with the product's base URL. */
export function linkIn(mail: DevMail): string {
  const m = /https?:\/\/\S+/.exec(mail.text);
  if (!m) throw new Error('no link in mail');
  return m[0];
}
