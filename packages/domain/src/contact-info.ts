/** The business's public contact details, shown on the contact page, footer and mails. */
const BUSINESS_NAME = 'LentiBooth';

export const CONTACT_EMAIL = 'sales@lenticularbooth.sg';

/** Display form; CONTACT_PHONE_TEL is the same number for tel: links. */
export const CONTACT_PHONE = '+65 6123 4567';
export const CONTACT_PHONE_TEL = `tel:${CONTACT_PHONE.replace(/\s/g, '')}`;

/** The sales hotline on WhatsApp (wa.me takes the number without plus or spaces). */
export const WHATSAPP_URL = `https://wa.me/${CONTACT_PHONE.replace(/\D/g, '')}`;

export interface SocialLink {
  name: 'Facebook' | 'Instagram' | 'YouTube';
  url: string;
}

export const SOCIAL_LINKS: readonly SocialLink[] = Object.freeze([
  Object.freeze({ name: 'Facebook', url: 'https://www.facebook.com/lenticularbooth' } as const),
  Object.freeze({ name: 'Instagram', url: 'https://www.instagram.com/lenticularbooth' } as const),
  Object.freeze({ name: 'YouTube', url: 'https://www.youtube.com/@lenticularbooth' } as const),
]);

export const CONTACT_INFO = Object.freeze({
  businessName: BUSINESS_NAME,
  email: CONTACT_EMAIL,
  phone: CONTACT_PHONE,
  phoneTel: CONTACT_PHONE_TEL,
  whatsappUrl: WHATSAPP_URL,
  social: SOCIAL_LINKS,
});
