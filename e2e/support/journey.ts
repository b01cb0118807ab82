import { it } from 'vitest';

/**
 * The steps of one user journey, run in order on shared state (one browser page, one purchase).
 * Each step is its own named test, so a failure says which step broke; the steps after it are
 * skipped, since they would only fail again for the same reason.
 */
export function journeySteps(): (name: string, run: () => Promise<void>) => void {
  let broken: string | undefined;
  return (name, run) =>
    it(name, async (ctx) => {
      if (broken) ctx.skip(`an earlier step broke: ${broken}`);
      try {
        await run();
      } catch (error) {
        broken = name;
        throw error;
      }
    });
}
