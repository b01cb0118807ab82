import { describe, expect, it } from 'vitest';
import {
  canonicalLicenseKey,
  groupLicenseKey,
  LICENSE_KEY_ALPHABET,
  LICENSE_KEY_CHARS,
  LICENSE_KEY_PATTERN,
  normaliseLicenseKey,
} from './license-key';

/** A small seeded generator, so a failure names an input that fails again. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const next = random(20);
const pick = (chars: string) => chars.charAt(Math.floor(next() * chars.length));

function randomKey(): string {
  let compact = '';
  for (let i = 0; i < LICENSE_KEY_CHARS; i += 1) compact += pick(LICENSE_KEY_ALPHABET);
  return groupLicenseKey(compact);
}

const KEYS = Array.from({ length: 300 }, randomKey);

// The alphabet, its look-alikes in both cases, separators, and characters no key has (some of
// which change length or turn into key characters when upper-cased: ß → SS, ı → I, ﬁ → FI).
const CHARS = `${LICENSE_KEY_ALPHABET}${LICENSE_KEY_ALPHABET.toLowerCase()}OoIiLlUu- \t\n_.ÄßİıﬁK`;
const NOISE = Array.from({ length: 2000 }, () => {
  const length = 25 + Math.floor(next() * 15);
  let text = '';
  for (let j = 0; j < length; j += 1) text += pick(CHARS);
  return text;
});

describe('the key format', () => {
  it("is Crockford's base32: 32 distinct characters, without I, L, O and U", () => {
    expect(new Set(LICENSE_KEY_ALPHABET).size).toBe(32);
    expect(LICENSE_KEY_ALPHABET).toMatch(/^[0-9A-Z]+$/);
    for (const c of 'ILOU') expect(LICENSE_KEY_ALPHABET).not.toContain(c);
  });

  it('the pattern is six hyphenated groups of five, upper case, of the alphabet only', () => {
    expect(LICENSE_KEY_PATTERN.test('ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567')).toBe(true);
    expect(LICENSE_KEY_PATTERN.test('ABCDE-FGHIK-MNPQR-STVWX-YZ012-34567')).toBe(false);
    expect(LICENSE_KEY_PATTERN.test('ABCDE-FGHJK-MNPQR-STVWX-YZ012')).toBe(false);
    expect(LICENSE_KEY_PATTERN.test('ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567-89ABC')).toBe(false);
    expect(LICENSE_KEY_PATTERN.test('ABCDEF-GHJK-MNPQR-STVWX-YZ012-34567')).toBe(false);
    expect(LICENSE_KEY_PATTERN.test('abcde-fghjk-mnpqr-stvwx-yz012-34567')).toBe(false);
    expect(LICENSE_KEY_PATTERN.test(' ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567')).toBe(false);
  });

  it('the pattern takes every character of the alphabet in every place, and no other', () => {
    const key = 'ABCDE-FGHJK-MNPQR-STVWX-YZ012-34567';
    for (let code = 32; code < 127; code += 1) {
      const c = String.fromCharCode(code);
      expect(LICENSE_KEY_PATTERN.test(c + key.slice(1)), c).toBe(LICENSE_KEY_ALPHABET.includes(c));
      expect(LICENSE_KEY_PATTERN.test(key.slice(0, -1) + c), c).toBe(LICENSE_KEY_ALPHABET.includes(c));
    }
  });
});

describe('normaliseLicenseKey', () => {
  it('reads a key as people type it: any case, spaces or no hyphens, look-alikes', () => {
    expect(normaliseLicenseKey(' abcde fghjk-mnpqr stvwx yzo1l 34567 ')).toBe(
      'ABCDE-FGHJK-MNPQR-STVWX-YZ011-34567',
    );
    expect(normaliseLicenseKey('7k2qf0m9xdr4t8vb1ncehz6wap3yjs')).toBe('7K2QF-0M9XD-R4T8V-B1NCE-HZ6WA-P3YJS');
    expect(normaliseLicenseKey('7K2QF\t0M9XD\nR4T8V--B1NCE HZ6WA-P3YJS')).toBe('7K2QF-0M9XD-R4T8V-B1NCE-HZ6WA-P3YJS');
    expect(normaliseLicenseKey('oOiIl-L0000-00000-00000-00000-00000')).toBe('00111-10000-00000-00000-00000-00000');
  });

  it('answers null for what cannot be a key', () => {
    expect(normaliseLicenseKey('')).toBeNull();
    expect(normaliseLicenseKey('not a key')).toBeNull();
    expect(normaliseLicenseKey('ABCDE-FGHJK')).toBeNull();
    expect(normaliseLicenseKey('ABCDE-FGHJK-MNPQR-STVWX-YZ012-3456')).toBeNull();
    expect(normaliseLicenseKey('ABCDE-FGHJK-MNPQR-STVWX-YZ012-345678')).toBeNull();
    expect(normaliseLicenseKey('ABCDE-FGHJK-MNPQR-STVWX-YZ012-3456U')).toBeNull();
    expect(normaliseLicenseKey('ABCDE_FGHJK_MNPQR_STVWX_YZ012_34567')).toBeNull();
  });

  it('gives back every canonical key as it is, and finds it however it is typed', () => {
    for (const key of KEYS) {
      expect(normaliseLicenseKey(key)).toBe(key);
      expect(normaliseLicenseKey(key.toLowerCase())).toBe(key);
      expect(normaliseLicenseKey(key.replace(/-/g, ''))).toBe(key);
      expect(normaliseLicenseKey(` ${key.replace(/-/g, ' ')}\n`)).toBe(key);
      const lookAlikes = key.replace(/0/g, next() < 0.5 ? 'O' : 'o').replace(/1/g, () => pick('IiLl'));
      expect(normaliseLicenseKey(lookAlikes), lookAlikes).toBe(key);
      expect(normaliseLicenseKey(key.slice(0, -1))).toBeNull();
      expect(normaliseLicenseKey(`${key}0`)).toBeNull();
    }
  });

  it('answers a canonical key or null for any text, and is idempotent', () => {
    let keys = 0;
    for (const input of [...NOISE, ...KEYS.map((k) => k.toLowerCase())]) {
      const key = normaliseLicenseKey(input);
      if (key === null) continue;
      keys += 1;
      expect(key, JSON.stringify(input)).toMatch(LICENSE_KEY_PATTERN);
      expect(normaliseLicenseKey(key)).toBe(key);
    }
    expect(keys).toBeGreaterThanOrEqual(KEYS.length);
  });
});

describe('canonicalLicenseKey', () => {
  it('reads a key as the server does: trimmed, canonical, else as it is', () => {
    expect(canonicalLicenseKey('  7k2qf 0m9xd r4t8v b1nce hz6wa p3yjs ')).toBe('7K2QF-0M9XD-R4T8V-B1NCE-HZ6WA-P3YJS');
    expect(canonicalLicenseKey(' LB-1234 ')).toBe('LB-1234');
    expect(canonicalLicenseKey(' lb 1234\n')).toBe('lb 1234');
    for (const input of NOISE) expect(canonicalLicenseKey(input)).toBe(normaliseLicenseKey(input) ?? input.trim());
  });
});
