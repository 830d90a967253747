/** How far, in degrees either side, a heading may stray from the target orientation. */
export const ORIENTATION_TOLERANCE_DEG = 45;

/** A cardinal direction as a single letter. */
export type CompassLetter = 'N' | 'E' | 'S' | 'W';

/** Degrees clockwise from north of each cardinal letter. */
export const COMPASS_DEG = { N: 0, E: 90, S: 180, W: 270 } as const satisfies Record<
  CompassLetter,
  number
>;

/** A cardinal direction as written in the route JSON exchange format. */
export type OrientationName = 'nord' | 'est' | 'sud' | 'ovest';

/** Degrees clockwise from north of each orientation name. */
export const ORIENTATION_NAME_DEG = {
  nord: 0,
  est: 90,
  sud: 180,
  ovest: 270,
} as const satisfies Record<OrientationName, number>;

const NAMES_CLOCKWISE = [
  'nord',
  'est',
  'sud',
  'ovest',
] as const satisfies readonly OrientationName[];

const isOrientationName = (value: string): value is OrientationName =>
  Object.hasOwn(ORIENTATION_NAME_DEG, value);

/** Maps an imported orientation to degrees: a known name to its degrees, blank to null, anything else to 0. */
export function orientationDegFromImport(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  const text = typeof value === 'string' ? value.trim().toLowerCase() : null;
  if (text === '') return null;
  // Spec: "other value saved as 0", which includes numbers and unknown words.
  if (text === null || !isOrientationName(text)) return 0;
  return ORIENTATION_NAME_DEG[text];
}

/** Maps degrees to the nearest orientation name for export; null (or a non-finite value) stays null. */
export function orientationNameFromDeg(deg: number | null): OrientationName | null {
  if (deg === null || !Number.isFinite(deg)) return null;
  const normalized = ((deg % 360) + 360) % 360;
  // Exact midpoints (45, 135, ...) round up, i.e. to the next name clockwise.
  return NAMES_CLOCKWISE[Math.round(normalized / 90) % 4] ?? null;
}

/** Smallest circular difference between two headings, from 0 to 180 degrees. */
export function angularDifferenceDeg(a: number, b: number): number {
  const diff = Math.abs(a - b) % 360;
  return Math.min(diff, 360 - diff);
}

/** Whether a compass heading is close enough to the target orientation; the tolerance itself is accepted. */
export function isHeadingAccepted({
  targetDeg,
  headingDeg,
  toleranceDeg = ORIENTATION_TOLERANCE_DEG,
}: {
  targetDeg: number;
  headingDeg: number;
  toleranceDeg?: number;
}): boolean {
  return angularDifferenceDeg(targetDeg, headingDeg) <= toleranceDeg;
}
