/** Largest number of hours a time limit may set. */
export const TIME_LIMIT_MAX_HOURS = 999;

/** Largest number of minutes a time limit may set alongside the hours. */
export const TIME_LIMIT_MAX_MINUTES = 59;

/** A game's time-limit settings and when the game was created. */
export interface TimeLimitSettings {
  enabled: boolean;
  hours: number;
  minutes: number;
  createdAt: Date;
  /** Minutes staff added to this game's limit (`games.time_extension_minutes`); default 0. */
  extensionMinutes?: number;
}

/** Reads one part of a time limit as a whole number within 0..max; non-numeric becomes 0. */
export function parseTimeLimitPart(value: unknown, max: number): number {
  let n: number;
  if (typeof value === 'number') n = value;
  // Number() is strict: "12abc" is non-numeric, while "" and "  " become 0 anyway.
  else if (typeof value === 'string') n = Number(value.trim());
  else n = 0;
  if (!Number.isFinite(n)) return 0;
  // Fractions are dropped, not rounded: 7.9 is 7.
  return Math.min(Math.max(Math.trunc(n), 0), max);
}

/**
 * Length of a time limit in milliseconds, with the minutes staff added to a game's limit
 * (`extensionMinutes`, default 0). A limit of 0 stays 0 ("no limit"): an extension lengthens a
 * limit, it never makes one.
 */
export function timeLimitMs({
  hours,
  minutes,
  extensionMinutes = 0,
}: {
  hours: number;
  minutes: number;
  extensionMinutes?: number;
}): number {
  const base = (hours * 60 + minutes) * 60_000;
  return base > 0 ? base + extensionMinutes * 60_000 : base;
}

/** Remaining time before the limit, never below 0; null when the game has no limit. */
export function remainingMs(settings: TimeLimitSettings, now: Date): number | null {
  const limitMs = timeLimitMs(settings);
  // An enabled limit of 0 minutes means "no limit", not "expired at once".
  if (!settings.enabled || !Number.isFinite(limitMs) || limitMs <= 0) return null;
  const elapsedMs = now.getTime() - settings.createdAt.getTime();
  return Math.max(limitMs - elapsedMs, 0);
}

/** Whether the time since game creation has reached the limit. */
export function isTimeLimitExpired(settings: TimeLimitSettings, now: Date): boolean {
  return remainingMs(settings, now) === 0;
}
