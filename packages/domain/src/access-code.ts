/** Symbols of an access code: uppercase letters without I and O, and digits 2 to 9. */
export const ACCESS_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Number of symbols in an access code. */
export const ACCESS_CODE_LENGTH = 8;

/**
 * Whether a route of this access type is unlocked by access codes: a code route, and a paid
 * route whose organiser hands out codes instead of (or besides) online payment (decision 0045).
 */
export function takesAccessCodes(accessType: string): boolean {
  return accessType === 'code' || accessType === 'paid';
}

/** Smallest number of codes generated in one batch. */
export const ACCESS_CODE_BATCH_MIN = 1;

/** Largest number of codes generated in one batch. */
export const ACCESS_CODE_BATCH_MAX = 1000;

/** Number of codes a batch generates when none is given. */
export const ACCESS_CODE_BATCH_DEFAULT = 10;

/** Injected source of randomness: a uniform integer from 0 up to, but excluding, `maxExclusive`. */
export type RandomInt = (maxExclusive: number) => number;

const CODE_RE = new RegExp(`^[${ACCESS_CODE_ALPHABET}]{${ACCESS_CODE_LENGTH}}$`);

/** Generates `length` symbols of the access codes' alphabet from the injected random source. */
export function generateCodeOfLength(randomInt: RandomInt, length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) {
    const index = randomInt(ACCESS_CODE_ALPHABET.length);
    const symbol = Number.isInteger(index) ? ACCESS_CODE_ALPHABET[index] : undefined;
    if (symbol === undefined) {
      throw new RangeError(
        `randomInt returned ${index}, outside 0..${ACCESS_CODE_ALPHABET.length - 1}`,
      );
    }
    code += symbol;
  }
  return code;
}

/** Generates one access code from the injected random source. */
export function generateAccessCode(randomInt: RandomInt): string {
  return generateCodeOfLength(randomInt, ACCESS_CODE_LENGTH);
}

/** Generates `count` distinct access codes, none of them already in `existing`. */
export function generateAccessCodes(
  count: number,
  randomInt: RandomInt,
  existing: ReadonlySet<string> = new Set(),
): string[] {
  if (!Number.isInteger(count) || count < ACCESS_CODE_BATCH_MIN || count > ACCESS_CODE_BATCH_MAX) {
    throw new RangeError(
      `count must be an integer from ${ACCESS_CODE_BATCH_MIN} to ${ACCESS_CODE_BATCH_MAX}, got ${count}`,
    );
  }
  const codes = new Set<string>();
  // With 32^8 ≈ 1.1e12 codes collisions are rare; the cap only stops a broken random source.
  const maxDraws = count * 100;
  for (let draws = 0; codes.size < count; draws++) {
    if (draws >= maxDraws) throw new Error(`Could not generate ${count} distinct access codes`);
    const code = generateAccessCode(randomInt);
    if (!existing.has(code)) codes.add(code);
  }
  return [...codes];
}

/** Whether a string is exactly eight symbols of the access-code alphabet (case-sensitive). */
export function isAccessCodeFormat(code: string): boolean {
  return CODE_RE.test(code);
}

/** Reads a batch size: a whole number from 1 to 1000, else null. */
export function parseBatchSize(value: unknown): number | null {
  let n: number;
  if (typeof value === 'number') n = value;
  else if (typeof value === 'string' && /^\d+$/.test(value.trim())) n = Number(value.trim());
  else return null;
  return Number.isInteger(n) && n >= ACCESS_CODE_BATCH_MIN && n <= ACCESS_CODE_BATCH_MAX ? n : null;
}
