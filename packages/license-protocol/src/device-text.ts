/**
 * Characters a device id or name must not carry: invisible ones that change how the text around
 * them reads or compares. Bidirectional controls (\p{Bidi_Control}: U+061C, U+200E, U+200F,
 * U+202A-U+202E, U+2066-U+2069) can make "exe.txt" of "txt.exe" on an admin's screen; zero-width
 * and other invisible characters (U+200B-U+200D, U+2060-U+2064, U+FEFF, U+180E) make two ids that
 * look alike differ. The server refuses them in a device id (a program makes the id; it never needs them) and
 * removes them from a device name (it defaults to the host name; refusing it would stop a booth).
 */
const INVISIBLE = /[\p{Bidi_Control}\u200B-\u200D\u2060-\u2064\uFEFF\u180E]/u;
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, 'gu');

/** Whether `text` has a bidirectional control or an invisible (zero-width) character. */
export const hasInvisibleCharacters = (text: string): boolean => INVISIBLE.test(text);

/** `text` without its bidirectional controls and invisible (zero-width) characters. */
export const withoutInvisibleCharacters = (text: string): string => text.replace(INVISIBLE_ALL, '');
