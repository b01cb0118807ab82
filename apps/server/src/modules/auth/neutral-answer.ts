// forgot-password and resend-verification take this long at least, whether or not the address
// has an account, so their timing does not tell the two apart.
const NEUTRAL_ANSWER_MS = 150;

/** Waits for `work` and for at least NEUTRAL_ANSWER_MS, then answers `detail`. */
export async function neutralAnswer(work: Promise<void>, detail: string): Promise<{ detail: string }> {
  await Promise.all([work, new Promise((r) => setTimeout(r, NEUTRAL_ANSWER_MS))]);
  return { detail };
}
