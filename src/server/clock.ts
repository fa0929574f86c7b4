/** The time, injected so tests (and the embedded payment provider's test clock) can move it. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
