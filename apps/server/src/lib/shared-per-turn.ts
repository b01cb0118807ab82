/**
 * `work` shared by its callers: a call made while one is pending gets that one's answer, and a
 * call starts on the next turn of the event loop, so every caller of this turn joins it.
 *
 * Starting at once is not enough when `work` finishes within the turn, as a PGlite query does
 * (its WASM runs on this thread): Node drains the promise queue after each socket it reads, so
 * the first request's work was over before the second request was read, and each paid for its own.
 */
export function sharedPerTurn<T>(work: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .finally(() => {
        pending = undefined;
      }));
}
