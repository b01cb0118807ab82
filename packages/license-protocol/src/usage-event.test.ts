import { describe, expect, it } from 'vitest';
import { characterCount, cutErrorMessage, cutToCharacters, USAGE_ERROR_MESSAGE_MAX_CHARACTERS } from './usage-event';

const CAMERA = '\u{1F4F7}';

describe('an error message counted and cut in characters (code points)', () => {
  it('counts an emoji as one character, not two UTF-16 units', () => {
    expect(CAMERA.length).toBe(2);
    expect(characterCount(CAMERA.repeat(2000))).toBe(2000);
    expect(characterCount('é€x')).toBe(3);
  });

  it('cuts to the maximum, never inside a surrogate pair, and leaves a short message alone', () => {
    expect(USAGE_ERROR_MESSAGE_MAX_CHARACTERS).toBe(2000);
    expect(cutErrorMessage(CAMERA.repeat(2000))).toBe(CAMERA.repeat(2000));
    expect(cutErrorMessage(CAMERA.repeat(2001))).toBe(CAMERA.repeat(2000));
    expect(cutErrorMessage('x'.repeat(2500))).toBe('x'.repeat(2000));
    expect(cutToCharacters(`ab${CAMERA}c`, 3)).toBe(`ab${CAMERA}`);
    expect(cutToCharacters(`a${CAMERA}`, 1)).toBe('a');
    expect(cutToCharacters('printer offline', 2000)).toBe('printer offline');
  });
});
