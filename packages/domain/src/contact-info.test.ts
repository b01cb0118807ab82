import { describe, expect, it } from 'vitest';

import {
  CONTACT_EMAIL,
  CONTACT_INFO,
  CONTACT_PHONE,
  CONTACT_PHONE_TEL,
  SOCIAL_LINKS,
  WHATSAPP_URL,
} from './contact-info';
import { ZEmail } from './schemas';
import { isValidPhone } from './schemas';

describe('contact info', () => {
  it('has a valid public email and phone', () => {
    expect(CONTACT_EMAIL).toBe('sales@lenticularbooth.sg');
    expect(ZEmail.parse(CONTACT_EMAIL)).toBe(CONTACT_EMAIL);
    expect(CONTACT_PHONE).toBe('+65 6123 4567');
    expect(isValidPhone(CONTACT_PHONE)).toBe(true);
  });

  it('derives the tel and WhatsApp links from the phone', () => {
    expect(CONTACT_PHONE_TEL).toBe('tel:+6561234567');
    expect(WHATSAPP_URL).toBe('https://wa.me/6561234567');
  });

  it('lists Facebook, Instagram and YouTube over https', () => {
    expect(SOCIAL_LINKS.map((link) => link.name)).toEqual(['Facebook', 'Instagram', 'YouTube']);
    for (const link of SOCIAL_LINKS) expect(link.url).toMatch(/^https:\/\//);
    expect(CONTACT_INFO.social).toBe(SOCIAL_LINKS);
  });
});
