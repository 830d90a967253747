/** How a route plays: progressive routes score steps in order, exploration routes do not score. */
export type RouteType = 'progressive' | 'exploration';

/** Per-step scoring configuration, snake_case because it is the stored and exchanged JSON. */
export interface ScoringConfig {
  attempt_award?: { first_try?: number; second_try?: number; other_try?: number };
  duration_award?: { limit_ms: number; within_points: number; over_points: number };
  quick_award?: { lte_ms: number; points: number }[];
  combine?: 'sum' | 'max';
  cap?: number | null;
  skip_award?: number;
}

/** Points from the built-in rule used when a step has no scoring configuration. */
export function fallbackPoints({
  elapsedMs,
  distanceM,
  radiusM,
}: {
  elapsedMs: number;
  distanceM: number | null;
  radiusM: number;
}): number {
  // "up to" is inclusive: exactly 60 s still earns +4.
  const timeBonus =
    elapsedMs <= 60_000 ? 4 : elapsedMs <= 120_000 ? 3 : elapsedMs <= 180_000 ? 2 : 1;
  // "under 15%" is strict; compared in whole micrometres as integers so 15% exactly never slips
  // under through float error (e.g. 2.55 * 100 is 254.99999999999997).
  const distanceBonus =
    distanceM !== null && Math.round(distanceM * 1e6) * 100 < Math.round(radiusM * 1e6) * 15
      ? 1
      : 0;
  return 5 + timeBonus + distanceBonus;
}

function attemptPoints(
  award: NonNullable<ScoringConfig['attempt_award']>,
  attempt: number,
): number {
  // Attempts below 1 are treated as the first try.
  if (attempt <= 1) return award.first_try ?? 0;
  if (attempt === 2) return award.second_try ?? 0;
  return award.other_try ?? 0;
}

function quickPoints(
  thresholds: NonNullable<ScoringConfig['quick_award']>,
  elapsedMs: number,
): number {
  const sorted = [...thresholds].sort((a, b) => a.lte_ms - b.lte_ms);
  return sorted.find((t) => elapsedMs <= t.lte_ms)?.points ?? 0;
}

/** Points from a step's scoring configuration for the given try number and solving time. */
export function configuredPoints(
  config: ScoringConfig,
  { attempt, elapsedMs }: { attempt: number; elapsedMs: number },
): number {
  // Only configured awards take part, so `max` is not lifted to 0 by an award that is absent.
  const parts: number[] = [];
  if (config.attempt_award) parts.push(attemptPoints(config.attempt_award, attempt));
  if (config.duration_award) {
    const { limit_ms, within_points, over_points } = config.duration_award;
    parts.push(elapsedMs <= limit_ms ? within_points : over_points);
  }
  if (config.quick_award) parts.push(quickPoints(config.quick_award, elapsedMs));
  if (parts.length === 0) return 0;
  const combine = config.combine ?? 'sum';
  let points: number;
  switch (combine) {
    case 'sum':
      points = parts.reduce((total, p) => total + p, 0);
      break;
    case 'max':
      points = Math.max(...parts);
      break;
  }
  return config.cap === null || config.cap === undefined ? points : Math.min(points, config.cap);
}

/** Points a player earns for solving a step. */
export function scoreStep(opts: {
  routeType: RouteType;
  scoring: ScoringConfig | null | undefined;
  attempt: number;
  elapsedMs: number;
  distanceM: number | null;
  radiusM: number;
}): number {
  switch (opts.routeType) {
    case 'exploration':
      return 0;
    case 'progressive':
      return opts.scoring
        ? configuredPoints(opts.scoring, opts)
        : fallbackPoints({
            elapsedMs: opts.elapsedMs,
            distanceM: opts.distanceM,
            radiusM: opts.radiusM,
          });
  }
}

/** Points a player earns for skipping a step. */
export function skipPoints(
  routeType: RouteType,
  scoring: ScoringConfig | null | undefined,
): number {
  switch (routeType) {
    case 'exploration':
      return 0;
    case 'progressive':
      return scoring?.skip_award ?? 0;
  }
}
