/**
 * A licence key's format and canonical form: 30 Crockford base32 characters (150 bits) in six
 * groups of five. The server finds a licence by the canonical key (and the offline request by the
 * SHA-256 of it), so the server and the desktop client must canonicalise a typed key to the same
 * bytes: both use this one function. docs/license-api.md describes it for programs not in
 * TypeScript.
 */

/** Crockford's base32: the digits and the letters but I, L, O and U. */
export const LICENSE_KEY_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const LICENSE_KEY_GROUPS = 6;
export const LICENSE_KEY_GROUP_LENGTH = 5;
/** Characters of a key without its hyphens. */
export const LICENSE_KEY_CHARS = LICENSE_KEY_GROUPS * LICENSE_KEY_GROUP_LENGTH;

const KEY_GROUP = `[${LICENSE_KEY_ALPHABET}]{${LICENSE_KEY_GROUP_LENGTH}}`;
/** A canonical key: 'XXXXX-XXXXX-XXXXX-XXXXX-XXXXX-XXXXX', upper case. */
export const LICENSE_KEY_PATTERN = new RegExp(`^${KEY_GROUP}(?:-${KEY_GROUP}){${LICENSE_KEY_GROUPS - 1}}$`);

/** 30 key characters in groups of five, joined by hyphens. */
export function groupLicenseKey(compact: string): string {
  const groups: string[] = [];
  for (let i = 0; i < compact.length; i += LICENSE_KEY_GROUP_LENGTH)
    groups.push(compact.slice(i, i + LICENSE_KEY_GROUP_LENGTH));
  return groups.join('-');
}

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
  if (compact.length !== LICENSE_KEY_CHARS) return null;
  const key = groupLicenseKey(compact);
  return LICENSE_KEY_PATTERN.test(key) ? key : null;
}

/**
 * The key exactly as the server reads it from a request body (ZLicenseKey in the domain's
 * license-server.ts): trimmed, then canonical when it can be a key, else as it is (the server
 * then finds no licence and says NOT_FOUND; a client does not refuse it itself).
 */
export function canonicalLicenseKey(input: string): string {
  const key = input.trim();
  return normaliseLicenseKey(key) ?? key;
}
