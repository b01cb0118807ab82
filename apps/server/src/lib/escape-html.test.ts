import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('escapes the five characters that can end text or an attribute value', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });

  it('escapes an ampersand once, so existing entities stay visible as typed', () => {
    expect(escapeHtml('&amp; &lt;')).toBe('&amp;amp; &amp;lt;');
  });

  it('leaves other text, including non-ASCII and line breaks, as it is', () => {
    expect(escapeHtml('Café × 2\nline 2 — ok')).toBe('Café × 2\nline 2 — ok');
    expect(escapeHtml('')).toBe('');
  });

  it('cannot be escaped out of a quoted attribute', () => {
    const value = escapeHtml(`" onmouseover="alert(1)' x='`);
    expect(value).not.toMatch(/["'<>]/);
  });
});
