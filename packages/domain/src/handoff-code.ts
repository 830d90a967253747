import { ACCESS_CODE_ALPHABET, generateCodeOfLength, type RandomInt } from './access-code';

/** Number of symbols in a code that moves a game to another phone (decision 0066). */
export const HANDOFF_CODE_LENGTH = 6;

/** How long a handoff code can be redeemed after it is issued: 10 minutes. */
export const HANDOFF_CODE_TTL_MS = 10 * 60 * 1000;

const HANDOFF_CODE_RE = new RegExp(`^[${ACCESS_CODE_ALPHABET}]{${HANDOFF_CODE_LENGTH}}$`);

/**
 * Generates one handoff code from the injected random source, in the access codes' alphabet
 * (no I, O, 0 or 1, so a code read aloud or typed from another screen is not mistaken).
 */
export function generateHandoffCode(randomInt: RandomInt): string {
  return generateCodeOfLength(randomInt, HANDOFF_CODE_LENGTH);
}

/**
 * A typed handoff code as the server compares it: upper case, without the spaces and dashes a
 * person may type between groups; null when it cannot be a code.
 */
export function normalizeHandoffCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  return HANDOFF_CODE_RE.test(code) ? code : null;
}
