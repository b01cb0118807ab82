/**
 * Text a person typed, made safe inside a LIKE/ILIKE pattern: `%`, `_` and the escape character
 * itself match literally (PostgreSQL's default escape is the backslash).
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
export const prefixPattern = (text: string) => `${escapeLike(text)}%`;

const MAX_SERIAL = 2_147_483_647;

/**
 * A search that is a whole number may also be an id or invoice number (a serial column's range).
 * The back office shows orders as '#1042', so a copied '#1042' is that number too.
 */
export function searchedNumber(q: string): number | undefined {
  const m = /^#?\s*(\d{1,10})$/.exec(q);
  if (!m) return undefined;
  const n = Number(m[1]);
  return n <= MAX_SERIAL ? n : undefined;
}
