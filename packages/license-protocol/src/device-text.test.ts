import { describe, expect, it } from 'vitest';
import { hasInvisibleCharacters, withoutInvisibleCharacters } from './device-text';

describe('bidirectional and zero-width characters in a device id or name', () => {
  it('finds them', () => {
    for (const ch of ['\u202E', '\u202A', '\u200B', '\u200C', '\u200D', '\u200E', '\u200F', '\u2060', '\u2066', '\u2069', '\uFEFF', '\u061C', '\u180E']) {
      expect(hasInvisibleCharacters(`booth${ch}1`), ch.codePointAt(0)!.toString(16)).toBe(true);
    }
    for (const fine of ['booth-7f3c2a', 'Booth PC, Marina Bay', 'Kamera 📷', 'Стенд №3', 'ブース']) expect(hasInvisibleCharacters(fine)).toBe(false);
  });

  it('removes them, leaving the rest as it was', () => {
    expect(withoutInvisibleCharacters('\u202EBooth\u200B PC\u2066\uFEFF')).toBe('Booth PC');
    expect(withoutInvisibleCharacters('Stand 3')).toBe('Stand 3');
  });
});
