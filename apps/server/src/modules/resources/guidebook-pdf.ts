import { CONTACT_INFO } from '@lbs/domain/contact-info';
import { BRAND, footer, renderPdf, type Pdf } from '../../integrations/pdf/pdf-document';

const GUIDEBOOK_TITLE = 'LentiBooth Guidebook';

interface Section {
  title: string;
  intro?: string;
  steps?: string[];
  bullets?: string[];
  note?: string;
}

// The guidebook's text. It is the operator's manual for the booth software and the printing
// workflow; the requirement lists match the Resources screen.
const SECTIONS: Section[] = [
  {
    title: '1. What you need',
    intro: 'LentiBooth runs beside your existing photo-booth setup. Before your first event, check that you have:',
    bullets: [
      'A Windows-based photo booth PC, with an internet connection for activating the licence.',
      'A compatible DNP dye-sublimation printer: DS-RX1HS, DS620, DP-QW410 or DS820, with the current DNP driver installed.',
      'Photo-booth software that saves each capture to a folder: Breeze, Touchpix, dslrBooth or Snappic.',
      'Lenticular sheets (4x4 inch), perforated paper (4x6 inch) and an adhesion roller.',
    ],
  },
  {
    title: '2. Install the app',
    steps: [
      'Sign in to your account and open Resources.',
      'Choose "Download the app" and save the installer on the booth PC.',
      'Run the installer and accept the End-User Licence Agreement.',
      'Start LentiBooth from the Start menu. The first start asks for a licence key.',
    ],
    note: 'The download link is valid for a few minutes. If it has expired, open Resources again for a fresh one.',
  },
  {
    title: '3. Activate your licence',
    intro: 'Every licence key works on one device at a time.',
    steps: [
      'Open your account Overview and copy the licence key from "Your Subscriptions".',
      'Paste the key into LentiBooth and choose Activate. The app binds the key to this PC.',
      'The Overview now shows the PC’s device ID next to the key.',
    ],
    bullets: [
      'Daily licence: 24 hours from payment. Monthly: 30 days. Yearly: 365 days. The One Time Setup kit includes a 3-month key.',
      'Replacing the booth PC? Use "Reset device" on the licence in your Overview (twice per 30 days), then activate on the new PC.',
      'An expired key moves to the Past tab; buy a new plan from Plans to continue.',
    ],
  },
  {
    title: '4. Connect your photo-booth software',
    steps: [
      'In your booth software, set the output folder where finished captures are saved.',
      'In LentiBooth, open Settings and choose the same folder as the watch folder.',
      'Pick your printer and the 4x6 inch perforated paper size.',
      'Take a test capture: LentiBooth picks it up, renders the lenticular layout and sends it to the printer.',
    ],
  },
  {
    title: '5. Print and finish a lenticular photo',
    steps: [
      'Capture the moment: guests pose as usual; the booth software saves the frames.',
      'Drag and drop: LentiBooth interlaces the frames into a lenticular print automatically.',
      'Paste and roll: peel the lenticular sheet, align it with the print and press it down with the adhesion roller from the centre outwards.',
      'Cut along the perforation, or use the luggage tag cutter for keepsake tags.',
    ],
    note: 'Keep sheets flat and dust-free; a single speck under the lens shows in the 3D effect.',
  },
  {
    title: '6. Setting up at an event',
    bullets: [
      'The booth fits in 3 m by 2 m.',
      'Start setting up 1.5 hours before the event; the booth is operational within 45 minutes.',
      'Guests receive a download link for their photos, valid for 3 months; after that the photos are deleted.',
    ],
  },
  {
    title: '7. Troubleshooting',
    bullets: [
      '"This license is already activated on another device": reset the device from your Overview, then activate again.',
      '"License expired": the key’s term has ended; it is listed under Past. Buy a new plan to continue.',
      'Nothing prints: check that the printer is on, has media loaded and is selected in LentiBooth Settings.',
      'Captures are not picked up: the watch folder must be the folder your booth software saves to.',
      'Stripes or a blurred 3D effect: the sheet is misaligned; align its lines with the print before rolling.',
    ],
  },
  {
    title: '8. Getting help',
    intro: `Write to ${CONTACT_INFO.email} or call ${CONTACT_INFO.phone} (also on WhatsApp). Include your licence key and the device ID shown in your account, so we can help quickly.`,
  },
];

function heading(doc: Pdf, text: string): void {
  if (doc.y > doc.page.height - 200) doc.addPage();
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(16).fillColor(BRAND.ink).text(text);
  doc.moveDown(0.4);
}

function body(doc: Pdf, s: Section): void {
  doc.font('Helvetica').fontSize(11).fillColor('#111827');
  if (s.intro) doc.text(s.intro, { lineGap: 3 }).moveDown(0.5);
  s.steps?.forEach((step, i) => doc.text(`${i + 1}.  ${step}`, { indent: 0, lineGap: 3, paragraphGap: 4 }));
  if (s.steps && s.bullets) doc.moveDown(0.5);
  s.bullets?.forEach((b) => doc.text(`\u2022  ${b}`, { lineGap: 3, paragraphGap: 4 }));
  if (s.note) {
    doc.moveDown(0.5).font('Helvetica-Oblique').fillColor(BRAND.muted).text(s.note, { lineGap: 3 });
  }
}

let cached: Promise<Buffer> | undefined;

/** The guidebook never changes while the process runs, so it is rendered once. */
export function guidebookPdf(): Promise<Buffer> {
  cached ??= renderGuidebook().catch((err) => {
    cached = undefined;
    throw err;
  });
  return cached;
}

function renderGuidebook(): Promise<Buffer> {
  return renderPdf({ Title: GUIDEBOOK_TITLE, Subject: 'Setting up and running a 3D lenticular photo booth' }, (doc) => {
    const w = doc.page.width;
    doc.rect(0, 0, w, doc.page.height).fill(BRAND.ink);
    doc.font('Helvetica-Bold').fontSize(40).fillColor('#ffffff').text('LentiBooth', 56, 220);
    doc.font('Helvetica').fontSize(22).fillColor('#c7d2fe').text('Guidebook', 56, 275);
    doc.fontSize(12).fillColor('#e0e7ff').text('Setting up and running a 3D lenticular photo booth', 56, 320, { width: w - 112 });
    doc.fontSize(10).fillColor('#a5b4fc').text(`LentiBooth Pte. Ltd. · Singapore · ${CONTACT_INFO.email}`, 56, doc.page.height - 100, { width: w - 112 });

    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(20).fillColor(BRAND.ink).text('Contents');
    doc.moveDown(0.6).font('Helvetica').fontSize(12).fillColor('#111827');
    for (const s of SECTIONS) doc.text(s.title, { lineGap: 6 });

    doc.addPage();
    for (const s of SECTIONS) {
      heading(doc, s.title);
      body(doc, s);
    }
    footer(doc, GUIDEBOOK_TITLE, { skipFirst: true });
  });
}
