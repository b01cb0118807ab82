import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { EmailText, emailBreaks } from './email-text';

afterEach(cleanup);

describe('EmailText', () => {
  it('may wrap after the dots of the local part and after the @, never inside the domain', () => {
    const email = 'zulaikha.ibrahim.105@demo.example.com';
    expect(emailBreaks(email).map((i) => email.slice(0, i))).toEqual(['zulaikha.', 'zulaikha.ibrahim.', 'zulaikha.ibrahim.105@']);
    expect(emailBreaks('not an address')).toEqual([]);
  });

  it('shows the whole address, with break opportunities and the typed prefix in bold', () => {
    const { container } = render(<EmailText email="ann.lee@booth.example" strong={5} />);
    expect(container.textContent).toBe('ann.lee@booth.example');
    expect(container.querySelectorAll('wbr')).toHaveLength(2);
    expect([...container.querySelectorAll('strong')].map((s) => s.textContent).join('')).toBe('ann.l');
    expect(container.innerHTML.replace(/<[^>]+>/g, (t) => (t === '<wbr>' ? '|' : ''))).toBe('ann.|lee@|booth.example');
  });
});
