import { escapeHtml } from '../../lib/escape-html';

export interface MailContent {
  /** Heading inside the mail. */
  title: string;
  /** Paragraphs of plain text; escaped for HTML. */
  paragraphs: string[];
  button?: { label: string; url: string };
  /** Preformatted rows such as licence keys or order lines, shown as a table. */
  rows?: Array<[string, string]>;
  footnote?: string;
  /** A line with a link under the footnote, such as a campaign's unsubscribe link. */
  footLink?: { text: string; label: string; url: string };
}

/** Header values never carry line breaks, so user text cannot inject headers. */
export const headerSafe = (s: string) => s.replace(/[\r\n]+/g, ' ').trim().slice(0, 200);

/** Renders the product's mail look: HTML (inline styles, for mail clients) and a plain-text twin. */
export function renderMail(c: MailContent): { html: string; text: string } {
  const rowsHtml = c.rows?.length
    ? `<table role="presentation" style="width:100%;border-collapse:collapse;margin:16px 0">${c.rows
        .map(
          ([k, v]) =>
            `<tr><td style="padding:8px;border-bottom:1px solid #e5e7eb;color:#6b7280">${escapeHtml(k)}</td><td style="padding:8px;border-bottom:1px solid #e5e7eb;font-family:monospace;color:#111827">${escapeHtml(v)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const button = c.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(c.button.url)}" style="background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(c.button.label)}</a></p><p style="color:#6b7280;font-size:12px;word-break:break-all">${escapeHtml(c.button.url)}</p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f3f4f6;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" style="background:#f3f4f6;padding:24px 0"><tr><td align="center">
<table role="presentation" width="560" style="max-width:560px;background:#ffffff;border-radius:12px;overflow:hidden">
<tr><td style="background:linear-gradient(90deg,#312e81,#7c3aed,#06b6d4);background-color:#312e81;padding:20px 28px;color:#ffffff;font-size:20px;font-weight:700">LentiBooth</td></tr>
<tr><td style="padding:28px;color:#111827;font-size:15px;line-height:1.6">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(c.title)}</h1>
${c.paragraphs.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('')}
${rowsHtml}${button}
${c.footnote ? `<p style="color:#6b7280;font-size:12px;margin-top:24px">${escapeHtml(c.footnote)}</p>` : ''}
${c.footLink ? `<p style="color:#6b7280;font-size:12px">${escapeHtml(c.footLink.text)} <a href="${escapeHtml(c.footLink.url)}" style="color:#4f46e5">${escapeHtml(c.footLink.label)}</a></p>` : ''}
</td></tr>
<tr><td style="padding:16px 28px;background:#f9fafb;color:#9ca3af;font-size:12px">LentiBooth Pte. Ltd., Singapore · 3D lenticular photo-booth software</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    c.title,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.rows ?? []).map(([k, v]) => `${k}: ${v}`),
    ...(c.rows?.length ? [''] : []),
    ...(c.button ? [`${c.button.label}: ${c.button.url}`, ''] : []),
    ...(c.footnote ? [c.footnote, ''] : []),
    ...(c.footLink ? [`${c.footLink.text} ${c.footLink.label}: ${c.footLink.url}`, ''] : []),
    '-- ',
    'LentiBooth Pte. Ltd., Singapore',
  ].join('\n');
  return { html, text };
}
