/**
 * Text a person typed, made safe inside a LIKE/ILIKE pattern: `%`, `_` and the escape character
 * itself match literally (PostgreSQL's default escape is the backslash).
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export const containsPattern = (text: string) => `%${escapeLike(text)}%`;
export const prefixPattern = (text: string) => `${escapeLike(text)}%`;
