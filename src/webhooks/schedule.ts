// When a failed message is tried again (Svix's and Resend's schedule): immediately, then 5 s,
// 5 min, 30 min, 2 h, 5 h, 10 h and 10 h after each failure. After the eighth attempt it is failed.
const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;

export const retryDelaysMs: readonly number[] = [5 * second, 5 * minute, 30 * minute, 2 * hour, 5 * hour, 10 * hour, 10 * hour];

/** An endpoint that has failed every attempt for this long is disabled. */
export const disableAfterMs = 5 * 24 * hour;

/** No answer within this is a failure. */
export const attemptTimeoutMs = 10 * second;

/** How long a claimed attempt stays its instance's: a killed instance's message is tried again after it. */
export const leaseMs = attemptTimeoutMs + 20 * second;

/** When attempt `attempts` (1-based) failed at `nowMs`, the next one's time, or undefined when it was the last. */
export function nextAttemptAt(attempts: number, nowMs: number): Date | undefined {
  const delay = retryDelaysMs[attempts - 1];
  return delay === undefined ? undefined : new Date(nowMs + delay);
}
