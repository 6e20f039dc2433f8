/** Time source; tests replace it to move time forward (token expiry, lockouts). */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };
