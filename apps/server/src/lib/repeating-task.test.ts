import { afterEach, describe, expect, it, vi } from 'vitest';
import { RepeatingTask } from './repeating-task';

const quietLog = () => ({ error: vi.fn() });

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('RepeatingTask', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs at once on start, then everyMs after each run ends, and not after stop', async () => {
    vi.useFakeTimers();
    let runs = 0;
    const task = new RepeatingTask(async () => ++runs, { everyMs: 1000, log: quietLog(), failureMessage: 'x' });
    task.start();
    task.start(); // a second start does not add a second schedule
    await vi.advanceTimersByTimeAsync(0);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(runs).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toBe(2);
    await task.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(2);
    expect(task.isStopped).toBe(true);
  });

  it('never overlaps runs: runNow waits for the run in progress', async () => {
    const gate = deferred();
    const order: string[] = [];
    let first = true;
    const task = new RepeatingTask(
      async () => {
        const mine = first;
        first = false;
        order.push(mine ? 'first:start' : 'second:start');
        if (mine) await gate.promise;
        order.push(mine ? 'first:end' : 'second:end');
      },
      { everyMs: 60_000, log: quietLog(), failureMessage: 'x' },
    );
    const a = task.runNow();
    const b = task.runNow();
    await new Promise((r) => setTimeout(r, 10));
    expect(order).toEqual(['first:start']);
    gate.resolve();
    await Promise.all([a, b]);
    expect(order).toEqual(['first:start', 'first:end', 'second:start', 'second:end']);
  });

  it('stop waits for the run in progress to settle', async () => {
    const gate = deferred();
    let finished = false;
    const task = new RepeatingTask(
      async () => {
        await gate.promise;
        finished = true;
      },
      { everyMs: 60_000, log: quietLog(), failureMessage: 'x' },
    );
    task.start();
    await new Promise((r) => setTimeout(r, 10));
    let stopped = false;
    const stopping = task.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 10));
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(finished).toBe(true);
  });

  it('logs a failed scheduled run and keeps the schedule; runNow hands the failure to its caller', async () => {
    vi.useFakeTimers();
    const log = quietLog();
    let runs = 0;
    const task = new RepeatingTask(
      async () => {
        runs++;
        throw new Error(`boom ${runs}`);
      },
      { everyMs: 100, log, failureMessage: 'job failed' },
    );
    task.start();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toBe(2);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenLastCalledWith({ err: expect.objectContaining({ message: 'boom 2' }) }, 'job failed');
    await task.stop();
    await expect(task.runNow()).rejects.toThrow('boom 3');
    await expect(task.stop()).resolves.toBeUndefined();
  });
});
