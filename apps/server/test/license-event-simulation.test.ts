import { describe, expect, it } from 'vitest';
import { runLicenseEventSimulation } from './license-event-simulation';

/**
 * The proof that nothing a booth reports is lost (issue 19): 200 booths with the real
 * client library against the real server, offline through a 3-day event with skewed clocks, then
 * flushing in random order with lost answers, re-sent queues, two flushes at once and rate
 * limits. `npm run bench:license` runs the same with 2,000 booths and prints the figures.
 */
describe('200 booths through a 3-day offline event', () => {
  it('store every event exactly once, at the time it happened, none refused, none left queued', async () => {
    const figures = await runLicenseEventSimulation({ booths: 200, eventsPerBooth: [8, 30], seed: Number(process.env.SIM_SEED ?? 19) });
    expect(figures.recorded).toBeGreaterThan(3000);
    expect(figures).toMatchObject({
      stored: figures.recorded,
      storedDistinct: figures.recorded,
      missing: 0,
      refused: 0,
      remaining: 0,
    });
    // The faults happened: answers lost and queues sent again came back as duplicates.
    expect(figures.lostAnswers).toBeGreaterThan(0);
    expect(figures.duplicates).toBeGreaterThan(0);
    expect(figures.sent).toBe(figures.accepted + figures.duplicates);
    // A report whose answer was lost was accepted unseen: the booth learns of it as duplicates.
    expect(figures.sent).toBeGreaterThanOrEqual(figures.recorded);
    // Clocks up to 15 minutes off, corrected to within the Date header's second (and the trip).
    expect(figures.maxTimestampErrorMs).toBeLessThan(2500);
  }, 120_000);
});
