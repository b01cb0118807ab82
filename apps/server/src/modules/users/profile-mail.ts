import { MSG } from '@lbs/domain/messages';
import { renderMail } from '../../integrations/mail/template';
import type { MailMessage } from '../outbox/enqueue';

// Links are built from PUBLIC_URL only, never from the request's Host header.

/** To the new address: the link (the same verification screen as sign-up) makes the change. */
export function emailChangeMail(to: string, publicUrl: string, token: string): MailMessage {
  const url = `${publicUrl}/verify-email/${encodeURIComponent(token)}`;
  return {
    to,
    subject: MSG.emailChangeMailSubject,
    ...renderMail({
      title: MSG.emailChangeMailSubject,
      paragraphs: [
        'You asked to use this address for your LentiBooth account. Confirm it, and from then on you sign in, receive receipts and licence keys here.',
      ],
      button: { label: 'Confirm new email', url },
      footnote: 'The link is valid for 24 hours. Until you confirm, your account keeps its current address. If you did not ask for this, ignore this mail.',
    }),
  };
}

/**
 * To a new address that already belongs to another account. The profile answers as for a free
 * address (the form must not tell who has an account), so only this mail says why nothing will
 * come of it; it carries no link.
 */
export function emailChangeTakenMail(to: string): MailMessage {
  return {
    to,
    subject: MSG.emailChangeTakenSubject,
    ...renderMail({
      title: MSG.emailChangeTakenSubject,
      paragraphs: [
        'Someone signed in to a LentiBooth account asked to use this address for it. This address already belongs to an account, so nothing was changed.',
        'If that was you, sign in with this address instead (use "Forgot password" if you need a new one). If not, you can ignore this mail.',
      ],
    }),
  };
}

/** To the current address, so an owner learns of a change they did not ask for. */
export function emailChangeRequestedNotice(to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: MSG.emailChangedNoticeSubject,
    ...renderMail({
      title: 'A change of your account email was requested',
      paragraphs: [
        `Someone signed in to your LentiBooth account asked to change its email address to ${newEmail}. The change takes effect only when that address confirms it.`,
        'If this was not you, sign in and change your password now; that also signs out every other session.',
      ],
    }),
  };
}
