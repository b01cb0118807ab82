import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../node-flags.mjs';

describe('the compiled server’s Node flags', () => {
  it('are the same in `npm start` (package.json cannot import them) as everywhere else', () => {
    const pkg = JSON.parse(readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8')) as { scripts: { start: string } };
    expect(pkg.scripts.start).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} dist/main.js`);
  });
});
