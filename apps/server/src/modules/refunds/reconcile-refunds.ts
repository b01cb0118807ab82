import { and, asc, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context';
import { refunds } from '../../db/schema';
import { runRefund } from './run-refund';

/** A pending refund younger than this may still have its request running. */
export const PENDING_REFUND_GRACE_MS = 60_000;
const BATCH = 100;

/**
 * Asks the provider again about refunds left pending (the process stopped between writing the
 * refund and settling it, or the provider could not be reached). Safe: the provider call uses our
 * refund id as its idempotency key, and settling changes a refund once.
 */
export async function reconcileRefunds(ctx: AppContext, log: FastifyBaseLogger, now = new Date()): Promise<{ settled: number; errors: number }> {
  const report = { settled: 0, errors: 0 };
  const pending = await ctx.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.state, 'pending'), lt(refunds.createdAt, new Date(now.getTime() - PENDING_REFUND_GRACE_MS))))
    .orderBy(asc(refunds.createdAt))
    .limit(BATCH);
  for (const { id } of pending) {
    try {
      await runRefund(ctx, id);
      const [after] = await ctx.db.select({ state: refunds.state }).from(refunds).where(eq(refunds.id, id));
      if (after?.state !== 'pending') report.settled++;
    } catch (err) {
      report.errors++;
      log.warn({ err, refundId: id }, 'reconciliation could not settle a pending refund');
    }
  }
  return report;
}
