import { readFileSync } from 'node:fs';
import { LICENSE_KEY_PATTERN } from '@lbs/domain/license-terms';
import { describe, expect, it } from 'vitest';

/** What a desktop team reads: this package's README and the protocol page. */
const DOCS = {
  'packages/license-client/README.md': readFileSync(
    new URL('../README.md', import.meta.url),
    'utf8',
  ),
  'docs/license-api.md': readFileSync(
    new URL('../../../docs/license-api.md', import.meta.url),
    'utf8',
  ),
};

describe('the integrator docs', () => {
  it.each(Object.entries(DOCS))(
    '%s: every example key is in the real key format',
    (_path, text) => {
      // A literal key (letters and digits in hyphenated groups), not a placeholder such as KEY or $KEY.
      const literal = '([0-9A-Za-z]+(?:-[0-9A-Za-z]+)+)';
      const keys = [
        ...text.matchAll(
          new RegExp(
            `--key[ =]${literal}|"license_key":\\s*"${literal}"|looks like \`${literal}\``,
            'g',
          ),
        ),
      ].map((m) => m[1] ?? m[2] ?? m[3]);
      expect(keys.length).toBeGreaterThan(0);
      for (const key of keys)
        expect(key, 'a licence key as the shop issues it').toMatch(LICENSE_KEY_PATTERN);
    },
  );

  // The repository has no DESIGN.md: a team outside it cannot follow such a reference.
  it.each(Object.entries(DOCS))(
    '%s: refers to no DESIGN.md the repository does not have',
    (_path, text) => {
      expect(text).not.toMatch(/DESIGN(\.md| §)/);
    },
  );
});
