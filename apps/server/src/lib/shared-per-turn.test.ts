import { describe, expect, it, vi } from 'vitest';
import { sharedPerTurn } from './shared-per-turn';

/**
 * Runs `call` from `n` callbacks of one turn of the event loop, with the promise queue drained after
 * each, as Node does for the sockets it reads in one turn. (Immediates queued together run in one
 * turn; timers need not, as each reads the clock.)
 */
function fromOneTurn<T>(n: number, call: () => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: n }, () => new Promise<T>((resolve, reject) => setImmediate(() => call().then(resolve, reject)))));
}

describe('sharedPerTurn', () => {
  it('runs once for the callers of one turn, even when the work finishes within the turn', async () => {
    // Like PGlite: the answer is ready as soon as the promise queue runs, before the next caller.
    const work = vi.fn(async () => 'up');
    const shared = sharedPerTurn(work);
    expect(await fromOneTurn(20, shared)).toEqual(Array(20).fill('up'));
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs again for a caller of a later turn', async () => {
    const work = vi.fn(async () => 1);
    const shared = sharedPerTurn(work);
    await shared();
    await shared();
    expect(work).toHaveBeenCalledTimes(2);
  });

  it('shares a failure with the callers who joined, and the next call tries again', async () => {
    const work = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue('up');
    const shared = sharedPerTurn(work);
    const answers = await Promise.allSettled([shared(), shared()]);
    expect(answers.map((a) => a.status)).toEqual(['rejected', 'rejected']);
    expect(await shared()).toBe('up');
    expect(work).toHaveBeenCalledTimes(2);
  });
});
