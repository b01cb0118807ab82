export interface FaqItem {
  question: string;
  answer: string;
}

/** The pricing page FAQ; the first four carry the spec's facts (§1). */
export const FAQ: readonly FaqItem[] = [
  {
    question: 'How much space does a lenticular photo booth need?',
    answer:
      'A booth fits in 3 m by 2 m, including the printer table and room for guests to pose. A standard power socket nearby is all it needs.',
  },
  {
    question: 'How long does setup take on the event day?',
    answer:
      'Setup begins 1.5 hours before the event, and the booth is operational within 45 minutes, leaving time for test prints with the organiser.',
  },
  {
    question: 'How long can guests download their photos?',
    answer:
      'The photo download link is valid for 3 months. After that the photos are deleted from our servers, so remind guests to save their favourites.',
  },
  {
    question: 'How do I reach the sales team quickly?',
    answer:
      'Our sales hotline is reachable on WhatsApp during Singapore business hours, and you can write to us any time through the contact form.',
  },
  {
    question: 'Which licence should I choose?',
    answer:
      'The Daily License suits a single event, the Monthly License a busy season and the Yearly License operators who print every week. Each licence runs on one device; buy one per booth.',
  },
  {
    question: 'What does the One Time Setup include?',
    answer:
      'A training manual, a 1-hour online meeting with our team, an adhesion roller, 500 sheets of 4x4 inch lenticular lens, the app download, a 3-month key for one device and a custom border file. The kit is shipped to you.',
  },
  {
    question: 'Which printers and booth software does it work with?',
    answer:
      'LentiBooth runs on a Windows-based booth with a DNP printer (DS-RX1HS, DS620, DP-QW410 or DS820) and works alongside Breeze, Touchpix, dslrBooth and Snappic.',
  },
];
