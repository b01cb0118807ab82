import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  formatLicenseKey,
  normaliseLicenseKey as domainNormalise,
} from '@lbs/domain/license-terms';
import { canonicalLicenseKey, normaliseLicenseKey } from './license-key';

/** A small seeded generator, so a failure names an input that fails again. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

// The key's alphabet, its look-alikes in both cases, separators and characters no key has.
const CHARS = '0123456789ABCDEFGHJKMNPQRSTVWXYZabcdefghjkmnpqrstvwxyzOoIiLlUu- \t\n_.ÄßİıﬁK';

function inputs(): string[] {
  const next = random(20);
  const list: string[] = ['', ' ', '-', 'LB-12345678', 'not a key'];
  for (let i = 0; i < 200; i += 1) {
    const key = formatLicenseKey(randomBytes(20));
    list.push(key, key.toLowerCase(), key.replace(/-/g, ''), key.replace(/-/g, ' '), ` ${key}\n`);
    // Look-alikes typed for the digits they stand for, in either case.
    list.push(key.replace(/0/g, 'O').replace(/1/g, next() < 0.5 ? 'l' : 'I'));
    list.push(key.slice(0, -1), `${key}0`, key.replace(/.$/, 'U'));
  }
  for (let i = 0; i < 2000; i += 1) {
    const length = 25 + Math.floor(next() * 15);
    let text = '';
    for (let j = 0; j < length; j += 1) text += CHARS[Math.floor(next() * CHARS.length)];
    list.push(text);
  }
  return list;
}

describe("the client's copy of the key normaliser", () => {
  it("agrees with the domain's on every input", () => {
    const list = inputs();
    let keys = 0;
    for (const input of list) {
      expect(normaliseLicenseKey(input), JSON.stringify(input)).toBe(domainNormalise(input));
      if (domainNormalise(input) !== null) keys += 1;
    }
    // The inputs include many that are keys, not only refusals.
    expect(keys).toBeGreaterThan(1000);
  });

  it('canonicalLicenseKey reads a key as the server does: trimmed, canonical, else as it is', () => {
    const key = formatLicenseKey(randomBytes(20));
    expect(canonicalLicenseKey(`  ${key.toLowerCase().replace(/-/g, ' ')} `)).toBe(key);
    expect(canonicalLicenseKey(' LB-1234 ')).toBe('LB-1234');
  });
});
