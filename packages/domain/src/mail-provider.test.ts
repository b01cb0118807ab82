import { describe, expect, it } from 'vitest';

import { mailProviderUrl } from './mail-provider';

describe('mailProviderUrl', () => {
  it('opens the provider of the address', () => {
    expect(mailProviderUrl('jane@gmail.com')).toBe('https://mail.google.com/');
    expect(mailProviderUrl('jane@outlook.com')).toBe('https://outlook.live.com/');
    expect(mailProviderUrl('jane@hotmail.co.uk')).toBe('https://outlook.live.com/');
    expect(mailProviderUrl('jane@yahoo.com')).toBe('https://mail.yahoo.com/');
    expect(mailProviderUrl('jane@icloud.com')).toBe('https://www.icloud.com/mail');
    expect(mailProviderUrl('Jane@YAHOO.COM')).toBe('https://mail.yahoo.com/');
  });

  it('falls back to Gmail', () => {
    expect(mailProviderUrl('jane@lenticularbooth.sg')).toBe('https://mail.google.com/');
  });

  it('answers null without an address or a domain', () => {
    expect(mailProviderUrl(undefined)).toBeNull();
    expect(mailProviderUrl(null)).toBeNull();
    expect(mailProviderUrl('')).toBeNull();
    expect(mailProviderUrl('jane')).toBeNull();
    expect(mailProviderUrl('jane@')).toBeNull();
    expect(mailProviderUrl('@gmail.com')).toBeNull();
  });
});
