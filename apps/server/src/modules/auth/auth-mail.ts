import { greeting } from '@lbs/domain/greeting';
import { renderMail } from '../../integrations/mail/template';
import type { MailMessage } from '../outbox/enqueue';

type GreetAs = Parameters<typeof greeting>[0];

// Links are built from PUBLIC_URL only, never from the request's Host header, so a forged Host
// cannot make us mail a link to someone else's site.

export function verificationMail(to: string, publicUrl: string, token: string, greetAs: GreetAs = {}): MailMessage {
  const url = `${publicUrl}/verify-email/${encodeURIComponent(token)}`;
  return {
    to,
    subject: 'Verify your email address',
    ...renderMail({
      title: 'Confirm your email address',
      paragraphs: [
        `${greeting(greetAs)} thanks for signing up for LentiBooth. Please confirm that this is your email address to activate your account.`,
      ],
      button: { label: 'Verify email', url },
      footnote: 'The link is valid for 24 hours. If you did not sign up, you can ignore this mail.',
    }),
  };
}

export function passwordResetMail(to: string, publicUrl: string, token: string, greetAs: GreetAs = {}): MailMessage {
  const url = `${publicUrl}/new-password/${encodeURIComponent(token)}`;
  return {
    to,
    subject: 'Reset your password',
    ...renderMail({
      title: 'Reset your password',
      paragraphs: [`${greeting(greetAs)} we received a request to reset the password of your LentiBooth account. Choose a new password here:`],
      button: { label: 'Reset password', url },
      footnote: 'The link is valid for 1 hour and works once. If you did not ask for it, you can ignore this mail; your password stays as it is.',
    }),
  };
}
