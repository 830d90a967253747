import { distanceM, type LatLng } from './geo';

// The live map (issue 37, decision 0086): a route may ask its teams to share their position with
// the organisers; a team chooses, and a sharing phone sends a fix every FIX_INTERVAL_MS while the
// game page is visible. Raw fixes are kept for the tenant's retention days, then only counted.

/** A team's answer to a sharing route's question; null in a game: not asked yet. */
export const LOCATION_SHARING_CHOICES = ['shared', 'declined', 'suspended'] as const;
export type LocationSharingChoice = (typeof LOCATION_SHARING_CHOICES)[number];

/** How long raw fixes are kept: the tenant's setting, in days (0: deleted at the next pass). */
export const LOCATION_RETENTION_DAYS_DEFAULT = 30;
export const LOCATION_RETENTION_DAYS_MAX = 90;

/** A sharing phone's fix interval while the game page is visible. */
export const FIX_INTERVAL_MS = 10_000;
/** The longest a phone that has not moved stays silent: its fix still says it is there. */
export const FIX_MAX_SILENCE_MS = 60_000;
/** The console fades a marker whose fix is older than this. */
export const FIX_FRESH_MS = 120_000;
/** How far ahead of the server's clock a phone's fix time may be (clocks drift). */
export const FIX_FUTURE_SKEW_MS = 60_000;
/** How old a fix may arrive: older is no longer news for a live map. */
export const FIX_MAX_AGE_MS = 10 * 60_000;
/**
 * The closest two fixes of a game may be: one nearer than this to one already kept is dropped
 * (answered as kept), so a phone that sends too often fills no table.
 */
export const FIX_MIN_GAP_MS = 2_000;
/** The least accuracy a fix may claim and still be kept, in metres. */
export const FIX_ACCURACY_MAX_M = 100_000;
/** How much of a team's trail the console draws. */
export const FIX_TRAIL_MS = 60 * 60_000;
/** The most points of a trail (the last ones). */
export const FIX_TRAIL_MAX = 720;
/** Moves smaller than this (or than the fix's accuracy) are not moves. */
export const FIX_MIN_MOVE_M = 10;

/** A position as a phone measured it. */
export interface Fix extends LatLng {
  /** The radius of its uncertainty in metres; null when the phone gave none. */
  accuracyM: number | null;
  /** When it was measured (ms since the epoch). */
  atMs: number;
}

/**
 * Whether a phone sends `next` after `last` (the last fix it sent): always the first one; after
 * one, only when the team moved further than the fixes' accuracy (at least FIX_MIN_MOVE_M), or
 * FIX_MAX_SILENCE_MS passed, so an idle phone costs the server little and the map still knows
 * it is alive.
 */
export function isFixWorthSending(last: Fix | null, next: Fix): boolean {
  if (last === null) return true;
  if (next.atMs - last.atMs >= FIX_MAX_SILENCE_MS) return true;
  const threshold = Math.max(FIX_MIN_MOVE_M, last.accuracyM ?? 0, next.accuracyM ?? 0);
  return distanceM(last, next) > threshold;
}

/**
 * Whether a fix measured at `atMs` may be kept at the server's `nowMs`: not further in the future
 * than clocks drift, not older than FIX_MAX_AGE_MS.
 */
export function isFixTimeAcceptable(atMs: number, nowMs: number): boolean {
  return atMs - nowMs <= FIX_FUTURE_SKEW_MS && nowMs - atMs <= FIX_MAX_AGE_MS;
}

/** Whether a fix measured at `atMs` is older than the console's freshness at `nowMs`. */
export function isFixStale(atMs: number, nowMs: number): boolean {
  return nowMs - atMs > FIX_FRESH_MS;
}

/** The oldest instant a raw fix may have at `nowMs` under `retentionDays`. */
export function fixRetentionCutoff(nowMs: number, retentionDays: number): Date {
  return new Date(nowMs - retentionDays * 86_400_000);
}
