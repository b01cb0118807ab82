import type { TContactBody } from '@lbs/domain/schemas';
import type { NotificationType } from '@lbs/domain/statuses';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { headerSafe, renderMail } from '../../integrations/mail/template';
import { enqueueMail } from '../outbox/enqueue';
import { notifyAdmins } from '../notifications/notify-admins';
import { contactInbox } from './contact-inbox';

export const CONTACT_NOTIFICATION_TYPE = 'contact_message' satisfies NotificationType;

const PREVIEW_LENGTH = 200;

/** The first 200 characters of an enquiry on one line, as the admins' notification shows it. */
export function preview(message: string): string {
  const oneLine = message.replace(/\s+/g, ' ');
  return oneLine.length > PREVIEW_LENGTH ? `${oneLine.slice(0, PREVIEW_LENGTH - 1)}…` : oneLine;
}

/**
 * Stores the enquiry, tells every admin in the back office and mails the sales inbox, all in one
 * transaction: the mail goes through the outbox, so it is sent if and only if the message was kept.
 */
export async function sendContactMessage(
  db: Db,
  config: AppConfig,
  input: TContactBody & { ip: string | null; senderUserId?: number | null },
): Promise<{ id: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone,
        company: input.company,
        message: input.message,
        ip: input.ip,
      })
      .returning({ id: contactMessages.id });

    await notifyAdmins(tx, {
      type: CONTACT_NOTIFICATION_TYPE,
      // Signed in: the message is from that account, whatever address the form was given.
      subjectUserId: input.senderUserId ?? null,
      title: `New enquiry from ${input.name} (${input.company})`,
      message: `${input.email} · ${input.phone}: ${preview(input.message)}`,
    });

    const inbox = await contactInbox(tx, config);
    if (inbox) {
      const { html, text } = renderMail({
        title: 'New message from the contact form',
        paragraphs: input.message.split(/\n{2,}/).map((p) => p.trim()).filter(Boolean),
        rows: [
          ['Name', input.name],
          ['Email', input.email],
          ['Phone', input.phone],
          ['Company', input.company],
        ],
        footnote: `Reply to this mail to answer ${input.name} directly. Message #${row!.id}.`,
      });
      await enqueueMail(tx, {
        to: inbox,
        // Name and company are visitor input: headerSafe strips line breaks so they cannot add headers.
        subject: headerSafe(`Contact form: ${input.name} (${input.company})`),
        replyTo: headerSafe(input.email),
        text,
        html,
      });
    }
    return { id: row!.id };
  });
}
