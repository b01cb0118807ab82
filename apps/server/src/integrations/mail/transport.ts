import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { devMail } from '../../db/schema';
import type { MailMessage } from '../../modules/outbox/enqueue';

export interface MailTransport {
  readonly kind: 'smtp' | 'dev-mailbox';
  send(message: MailMessage, outboxId: number): Promise<void>;
}

/** Real SMTP through nodemailer. The Message-ID carries the outbox id so a retried send can be deduplicated downstream. */
export function smtpTransport(url: string, from: string, publicUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  const host = new URL(publicUrl).hostname || 'localhost';
  return {
    kind: 'smtp',
    async send(m, outboxId) {
      await transporter.sendMail({
        from,
        to: m.to,
        replyTo: m.replyTo,
        subject: m.subject,
        text: m.text,
        html: m.html,
        headers: m.headers,
        messageId: `<outbox-${outboxId}@${host}>`,
      });
    },
  };
}

/** The embedded default: mail is stored and read at /dev/mailbox. Idempotent per outbox message. */
export function devMailboxTransport(db: Db, from: string): MailTransport {
  return {
    kind: 'dev-mailbox',
    async send(m, outboxId) {
      await db
        .insert(devMail)
        .values({ outboxId, to: m.to.toLowerCase(), from, subject: m.subject, text: m.text, html: m.html, headers: m.headers ?? null })
        .onConflictDoNothing({ target: devMail.outboxId });
    },
  };
}
