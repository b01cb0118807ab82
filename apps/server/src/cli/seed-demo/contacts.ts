import { preview as contactPreview } from '../../modules/contact/send-contact-message';
import { COUNTRIES, DIAL_CODES, ENQUIRIES, ORDER_HOUR_WEIGHTS } from './word-lists';
import type { DemoAdminNotice, NewAdminNotice } from './back-office';
import { DAY, HOUR, iso, sgtMidnightOf, timeOnDay } from './clock';
import { DEMO_EMAIL_DOMAIN, slug } from './customers';
import { insertRows, type RawSql } from './raw-sql';
import { cumulative, type Rng } from './rng';

export interface DemoContact {
  name: string;
  email: string;
  phone: string;
  company: string;
  message: string;
  ip: string;
  createdAt: number;
}

/**
 * A few enquiries through the contact form, in office hours, each with the admins' feed row it
 * raised (made by `adminNotice`, in turn after the enquiry's own draws).
 */
export function contactEnquiries(
  rng: Rng,
  opts: { now: number; windowStart: number; orderCount: number },
  adminNotice: NewAdminNotice,
): { contacts: DemoContact[]; notices: DemoAdminNotice[] } {
  const { now, windowStart } = opts;
  const window = now - windowStart;
  const hourWeights = cumulative(ORDER_HOUR_WEIGHTS);
  const contacts: DemoContact[] = [];
  const notices: DemoAdminNotice[] = [];
  const contactCount = Math.min(ENQUIRIES.length, Math.max(3, Math.round(opts.orderCount / 60)));
  const firstDay = sgtMidnightOf(windowStart);
  const offset = rng.int(ENQUIRIES.length);
  for (let i = 0; i < contactCount; i++) {
    const enquiry = ENQUIRIES[(offset + i) % ENQUIRIES.length]!;
    const country = COUNTRIES.find((c) => c.code === enquiry.country) ?? COUNTRIES[0]!;
    const group = rng.pick(country.names);
    const [first, last] = [rng.pick(group.first), rng.pick(group.last)];
    let createdAt = timeOnDay(rng, firstDay + rng.int(Math.ceil(window / DAY)) * DAY, 0, hourWeights);
    if (createdAt < windowStart || createdAt >= now) createdAt = Math.floor(rng.between(windowStart, now - HOUR));
    const contact: DemoContact = {
      name: `${first} ${last}`,
      email: `${slug(first)}@${slug(enquiry.company).slice(0, 24)}.${DEMO_EMAIL_DOMAIN}`,
      phone: `${DIAL_CODES[country.code] ?? '+65'} ${rng.digits(4)} ${rng.digits(4)}`,
      company: enquiry.company,
      message: enquiry.message,
      ip: `${100 + rng.int(100)}.${rng.int(256)}.${rng.int(256)}.${1 + rng.int(254)}`,
      createdAt,
    };
    contacts.push(contact);
    // Sent by strangers, not signed in: about no customer.
    notices.push(
      adminNotice(
        {
          type: 'contact_message',
          title: `New enquiry from ${contact.name} (${contact.company})`,
          message: `${contact.email} · ${contact.phone}: ${contactPreview(contact.message)}`,
          createdAt,
        },
        null,
      ),
    );
  }
  return { contacts, notices };
}

export function writeContacts(tx: RawSql, contacts: readonly DemoContact[]): Promise<void> {
  return insertRows(tx, 'contact_messages', [
    ['name', 'text'], ['email', 'text'], ['phone', 'text'], ['company', 'text'], ['message', 'text'], ['ip', 'text'], ['created_at', 'timestamptz'],
  ], contacts, (c) => [c.name, c.email, c.phone, c.company, c.message, c.ip, iso(c.createdAt)]);
}
