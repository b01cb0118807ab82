const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a failed renewal charge is tried again (decision 0021): the first of RENEWAL_RETRY_DAYS
 * after the order's first failure that is still to come, if it falls before the grace ends;
 * otherwise null (no more tries: the holder pays from the account area or grace ends).
 */
export function nextRetryAt(firstFailureAt: Date, retryDays: readonly number[], now: Date, graceUntil: Date): Date | null {
  for (const days of [...retryDays].sort((a, b) => a - b)) {
    const at = new Date(firstFailureAt.getTime() + days * DAY_MS);
    if (at.getTime() > now.getTime()) return at.getTime() < graceUntil.getTime() ? at : null;
  }
  return null;
}
