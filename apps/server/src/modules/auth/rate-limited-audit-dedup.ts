const WINDOW_MS = 60_000;
const MAX_KEYS = 10_000;

/**
 * De-duplicates the audit rows of rate-limited auth attempts: a flood of refused requests leaves
 * one auth_events row per event, client address and targeted address a minute, not one per
 * request, so the audit trail cannot be used to fill the database.
 *
 * Why in memory: the window only bounds how many rows a flood can write; it needs no exact
 * count, and it costs a refused request no round trip to the database or Redis. The price is
 * that each process keeps its own windows: with several processes behind one load balancer (one
 * PostgreSQL, one Redis), a flood spread over N processes leaves up to N rows per key a minute,
 * and a restart starts the windows afresh. Still bounded, which is what it is for; the 429s
 * themselves are counted in the shared rate-limit store.
 *
 * Memory stays bounded too: at MAX_KEYS keys the expired ones are dropped, and if none has
 * expired the map starts over.
 */
export class RateLimitedAuditDedup {
  private readonly auditedUntil = new Map<string, number>();

  /** True for the first refusal of this event, client and address in its minute; false after. */
  firstInWindow(event: string, ip: string, email: string | null): boolean {
    const key = `${event}|${ip}|${email ?? ''}`;
    const now = Date.now();
    if ((this.auditedUntil.get(key) ?? 0) > now) return false;
    if (this.auditedUntil.size >= MAX_KEYS) {
      for (const [k, until] of this.auditedUntil) if (until <= now) this.auditedUntil.delete(k);
      if (this.auditedUntil.size >= MAX_KEYS) this.auditedUntil.clear();
    }
    this.auditedUntil.set(key, now + WINDOW_MS);
    return true;
  }
}
