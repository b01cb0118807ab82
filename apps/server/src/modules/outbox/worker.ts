import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import { RepeatingTask } from '../../lib/repeating-task';
import type { MailMessage, RenewalChargeJob } from './enqueue';

export interface OutboxHandlers {
  mail(message: MailMessage, outboxId: number): Promise<void>;
  /**
   * One customer's mail of a campaign ('campaign_mail', payload {campaign_id, user_id}): rendered
   * at delivery, not at queueing, so 100k of them queue in one INSERT ... SELECT. `lastAttempt`
   * says a failure now is final, so the handler can record the customer as failed.
   */
  campaignMail?(payload: unknown, outboxId: number, lastAttempt: boolean): Promise<void>;
  /** An automatic renewal's charge ('renewal_charge', payload {order_id}): its own attempts are idempotent, so a redelivery charges once. */
  renewalCharge?(payload: RenewalChargeJob): Promise<void>;
}

export interface OutboxWorkerOptions {
  pollMs: number;
  /** How long a claimed message stays invisible to other claimers; a crash frees it after this. */
  leaseMs?: number;
  maxAttempts?: number;
  batchSize?: number;
  /**
   * While batches come back full (a campaign to 100k customers), claim the next at once instead of
   * waiting a poll, for up to this long per tick; then the tick ends and other timers get a turn.
   */
  burstMs?: number;
}

type OutboxRow = typeof outbox.$inferSelect;

/** Exponential backoff: 2 s, 4 s, 8 s ... capped at one hour. */
export const backoffMs = (attempts: number) => Math.min(3_600_000, 1000 * 2 ** attempts);

export class OutboxWorker {
  private readonly task: RepeatingTask<number>;
  /** stop() was called: a batch under way ends after its current message. */
  private halted = false;
  private sending: number | undefined;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly batchSize: number;
  private readonly burstMs: number;

  constructor(
    private readonly db: Db,
    private readonly handlers: OutboxHandlers,
    private readonly log: FastifyBaseLogger,
    private readonly opts: OutboxWorkerOptions,
  ) {
    this.leaseMs = opts.leaseMs ?? 60_000;
    this.maxAttempts = opts.maxAttempts ?? 10;
    this.batchSize = opts.batchSize ?? 10;
    this.burstMs = opts.burstMs ?? 10_000;
    this.task = new RepeatingTask(() => this.deliverBatches(), { everyMs: opts.pollMs, log, failureMessage: 'outbox tick failed' });
  }

  start(): void {
    if (!this.task.isStopped) return;
    this.halted = false;
    this.task.start();
  }

  /** Stops polling; resolves once the message being sent (if any) is settled. */
  async stop(): Promise<void> {
    this.halted = true;
    await this.task.stop();
  }

  /** The outbox id being handed to the mail server right now, for the shutdown report. */
  get sendingId(): number | undefined {
    return this.sending;
  }

  /** Runs one tick (a batch, more while they come back full); answers how many were delivered. Tests call it directly. */
  runOnce(): Promise<number> {
    return this.task.runNow();
  }

  /** Delivers until nothing due is left (bounded), for tests and shutdown. */
  async drain(maxRounds = 20): Promise<void> {
    for (let i = 0; i < maxRounds; i++) {
      if ((await this.runOnce()) === 0) return;
    }
  }

  private async claim(): Promise<OutboxRow[]> {
    const lease = new Date(Date.now() + this.leaseMs);
    const result = await this.db.execute(sql`
      update ${outbox} set locked_until = ${lease.toISOString()}::timestamptz, attempts = attempts + 1
      where id in (
        select id from ${outbox}
        where status = 'pending' and next_attempt_at <= now()
          and (locked_until is null or locked_until < now())
        order by id
        limit ${this.batchSize}
        for update skip locked
      )
      returning id, kind, payload, attempts`);
    // RETURNING has no order of its own; deliver in enqueue order so a resent mail lands after
    // the one it replaces.
    return (result as unknown as { rows: OutboxRow[] }).rows.sort((a, b) => Number(a.id) - Number(b.id));
  }

  /** One tick: a batch, and the next ones at once while they come back full (see burstMs). */
  private async deliverBatches(): Promise<number> {
    const until = Date.now() + this.burstMs;
    let delivered = 0;
    for (;;) {
      const { claimed, delivered: sent } = await this.deliverBatch();
      delivered += sent;
      if (claimed < this.batchSize || this.halted || Date.now() >= until) return delivered;
    }
  }

  private async deliverBatch(): Promise<{ claimed: number; delivered: number }> {
    const rows = await this.claim();
    let delivered = 0;
    for (const [index, row] of rows.entries()) {
      const id = Number(row.id);
      if (this.halted) {
        // Stopping: the rest of the batch goes back untouched, for the next process to send now
        // rather than after its lease.
        await this.release(rows.slice(index).map((r) => Number(r.id)));
        break;
      }
      try {
        this.sending = id;
        if (row.kind === 'mail') await this.handlers.mail(row.payload as MailMessage, id);
        else if (row.kind === 'campaign_mail' && this.handlers.campaignMail) await this.handlers.campaignMail(row.payload, id, Number(row.attempts) >= this.maxAttempts);
        else if (row.kind === 'renewal_charge' && this.handlers.renewalCharge) await this.handlers.renewalCharge(row.payload as RenewalChargeJob);
        else throw new Error(`unknown outbox kind ${row.kind}`);
        this.sending = undefined;
        await this.db
          .update(outbox)
          .set({ status: 'delivered', deliveredAt: new Date(), lockedUntil: null, lastError: null })
          .where(eq(outbox.id, id));
        delivered++;
      } catch (err) {
        this.sending = undefined;
        const attempts = Number(row.attempts);
        const giveUp = attempts >= this.maxAttempts;
        this.log.warn({ err, outboxId: id, attempts }, giveUp ? 'outbox message failed for good' : 'outbox delivery failed; will retry');
        await this.db
          .update(outbox)
          .set({
            status: giveUp ? 'failed' : 'pending',
            lockedUntil: null,
            lastError: String((err as Error)?.message ?? err).slice(0, 1000),
            nextAttemptAt: new Date(Date.now() + backoffMs(attempts)),
          })
          .where(and(eq(outbox.id, id), eq(outbox.status, 'pending')));
      }
    }
    return { claimed: rows.length, delivered };
  }

  private async release(ids: number[]): Promise<void> {
    if (!ids.length) return;
    await this.db
      .update(outbox)
      .set({ lockedUntil: null, attempts: sql`${outbox.attempts} - 1` })
      .where(and(inArray(outbox.id, ids), eq(outbox.status, 'pending')));
  }
}
