/**
 * A usage event's fields that both the booth and the shop measure: counted in characters (Unicode
 * code points), never UTF-16 units, so an emoji is one character on both sides.
 */

/** The longest `error_message` stored; a longer one is cut to this many characters, never refused. */
export const USAGE_ERROR_MESSAGE_MAX_CHARACTERS = 2000;

/** The number of characters (code points) of `text`: '📷' is 1, though `'📷'.length` is 2. */
export function characterCount(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** `text` cut to at most `max` characters (code points), never splitting a surrogate pair. */
export function cutToCharacters(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  let n = 0;
  for (const ch of text) {
    if (n === max) return text.slice(0, end);
    end += ch.length;
    n++;
  }
  return text;
}

/** An error message as stored: cut to USAGE_ERROR_MESSAGE_MAX_CHARACTERS characters. */
export const cutErrorMessage = (message: string): string => cutToCharacters(message, USAGE_ERROR_MESSAGE_MAX_CHARACTERS);
