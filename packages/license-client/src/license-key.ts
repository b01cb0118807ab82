/**
 * A licence key in the server's canonical form. A copy of normaliseLicenseKey in
 * packages/domain/src/license-terms.ts: the desktop client is shipped on its own and does not
 * import the shop's domain package at run time. license-key.test.ts holds the two equal.
 */

const KEY_GROUPS = 6;
const GROUP_LENGTH = 5;
const KEY_CHARS = KEY_GROUPS * GROUP_LENGTH;
const LICENSE_KEY_PATTERN = /^[0-9A-HJKMNP-TV-Z]{5}(?:-[0-9A-HJKMNP-TV-Z]{5}){5}$/;

/**
 * A key as typed by a person, in canonical form: upper case, no spaces, Crockford's look-alikes
 * (O → 0, I and L → 1) mapped, hyphens re-inserted. Answers null when it cannot be a key.
 */
export function normaliseLicenseKey(input: string): string | null {
  const compact = input
    .toUpperCase()
    .replace(/[\s-]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (compact.length !== KEY_CHARS) return null;
  const groups: string[] = [];
  for (let i = 0; i < KEY_CHARS; i += GROUP_LENGTH) groups.push(compact.slice(i, i + GROUP_LENGTH));
  const key = groups.join('-');
  return LICENSE_KEY_PATTERN.test(key) ? key : null;
}

/**
 * The key exactly as the server reads it from a request body (ZLicenseKey in the domain's
 * license-server.ts): trimmed, then canonical when it can be a key, else as it is (the server
 * then finds no licence and says NOT_FOUND).
 */
export function canonicalLicenseKey(input: string): string {
  const key = input.trim();
  return normaliseLicenseKey(key) ?? key;
}
