import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context';
import { RepeatingTask } from '../../lib/repeating-task';
import { claimDueChargeBatch } from './claim-due-charges';
import { endUnpaidGraceBatch } from './end-unpaid-grace';
import { prepareRenewalBatch } from './prepare-renewals';
import { tellExpiringCards } from './tell-expiring-cards';

/** Rows claimed per transaction, by each step. */
const BATCH = 200;

export interface RenewalJobReport {
  prepared: number;
  charges: number;
  graceEnded: number;
}

async function inBatches(step: (limit: number) => Promise<number>, limit: number): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await step(limit);
    total += n;
    if (n < limit) return total;
  }
}

/**
 * One pass of the renewal job (decision 0021): prepares the renewals coming due, hands the charges
 * due to the outbox, and ends the grace of renewals left unpaid. Every step claims its rows with
 * SKIP LOCKED and is a conditional change, so it is safe at any time, as often as wanted, from any
 * number of processes at once. Reads the app's clock unless given a time.
 */
export async function runRenewalJob(ctx: AppContext, opts: { now?: Date; batchSize?: number } = {}): Promise<RenewalJobReport> {
  const now = opts.now ?? ctx.clock.now();
  const limit = opts.batchSize ?? BATCH;
  // Grace first: a licence whose grace ended is not charged again by this same pass.
  const graceEnded = await inBatches((n) => endUnpaidGraceBatch(ctx, now, n), limit);
  const prepared = await inBatches((n) => prepareRenewalBatch(ctx, now, n), limit);
  const charges = await inBatches((n) => claimDueChargeBatch(ctx, now, n), limit);
  // Cards that stop working before a renewal charge, told 30 days ahead, once per card (decision 0022).
  await tellExpiringCards(ctx, now, limit);
  return { prepared, charges, graceEnded };
}

/** Runs the renewal job at start and then every RENEWAL_JOB_MS, in every process. */
export class RenewalJob {
  private readonly task: RepeatingTask<RenewalJobReport>;

  constructor(ctx: AppContext, log: FastifyBaseLogger) {
    this.task = new RepeatingTask(() => runRenewalJob(ctx), {
      everyMs: ctx.config.RENEWAL_JOB_MS,
      log,
      failureMessage: 'renewal job failed',
      unref: true,
    });
  }

  start(): void {
    this.task.start();
  }

  /** One pass now (after the one in progress): the dev clock route runs it after moving the clock. */
  runNow(): Promise<RenewalJobReport> {
    return this.task.runNow();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }
}
