/**
 * Where the server reads the time of what people see as calendar facts: the month an answer is
 * metered in, the month a quota is set for, and (follow-up) when a contact went quiet and whether
 * it is within working hours. Tests hand the app a clock they move, to cross a month or a night
 * without waiting for one; everything else (timeouts, pacing gaps, job schedules) keeps real time.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The time on the clock of deps that may carry one (the system clock when they do not). */
export function nowOf(deps: { clock?: Clock | undefined }): Date {
  return (deps.clock ?? systemClock).now();
}
