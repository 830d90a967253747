/** The ways a step can check the player's answer. */
export const CHECK_TYPES = ['text', 'qr', 'code', 'choice', 'photo'] as const;

/** One of the ways a step can check the player's answer. */
export type CheckType = (typeof CHECK_TYPES)[number];

/** Whether a string names one of the check types. */
export function isCheckType(value: string): value is CheckType {
  return (CHECK_TYPES as readonly string[]).includes(value);
}

/** Splits a list of answers written as a JSON array or `|`-separated text into trimmed, non-empty values. */
export function parseExpectedChoices(expected: string | null): string[] {
  if (expected === null) return [];
  const text = expected.trim();
  if (text.startsWith('[')) {
    const parsed = tryParseJson(text);
    if (Array.isArray(parsed)) {
      return parsed
        .filter(
          (item): item is string | number => typeof item === 'string' || typeof item === 'number',
        )
        .map((item) => String(item).trim())
        .filter((item) => item !== '');
    }
    // Text that only looks like JSON falls through to the `|` reading below.
  }
  return text
    .split('|')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const fold = (value: string): string => value.trim().toLowerCase();

/** Compares a set of selected choices to the set of correct ones, trimmed and case-insensitively. */
function sameChoiceSet(expected: string | null, given: string | readonly string[]): boolean {
  const givenList = typeof given === 'string' ? parseExpectedChoices(given) : given;
  const selected = new Set(givenList.map(fold).filter((item) => item !== ''));
  const correct = new Set(parseExpectedChoices(expected).map(fold));
  if (selected.size === 0 || correct.size === 0 || selected.size !== correct.size) return false;
  return [...selected].every((item) => correct.has(item));
}

/** The check types that accept more than one answer (`also_accept`, decision 0085). */
export const VARIANT_CHECK_TYPES: readonly CheckType[] = ['text', 'code', 'qr'];

/** Whether the spec's comparison for `checkType` ignores case (text and choice; decision 0085). */
export const ignoresCaseBySpec = (checkType: CheckType): boolean =>
  checkType === 'text' || checkType === 'choice';

/**
 * An answer as the tolerant comparison sees it (decision 0085): trimmed, runs of white space as
 * one space, lower case, accents and other combining marks removed ('Città' → 'citta').
 */
export function foldAnswer(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLocaleLowerCase('und');
}

/**
 * Whether `given` matches `target` for a step of `checkType`: `relaxed` true folds case, accents
 * and inner spaces (`foldAnswer`), false compares exactly (trimmed), null is the spec's rule
 * (text and choice ignore case, qr and code do not). Blank never matches.
 */
function sameAnswer(
  checkType: CheckType,
  given: string,
  target: string,
  relaxed: boolean | null,
): boolean {
  const answer = given.trim();
  if (answer === '') return false;
  if (relaxed === true) return foldAnswer(answer) === foldAnswer(target);
  if (relaxed === null && ignoresCaseBySpec(checkType)) {
    return answer.toLowerCase() === target.trim().toLowerCase();
  }
  return answer === target.trim();
}

/**
 * Whether a player's answer is correct for the step's check type: the step's answer or, on text,
 * code and qr steps, one of `alsoAccept`, compared as `relaxed` says (see `sameAnswer`).
 */
export function checkAnswer(opts: {
  checkType: string;
  expected: string | null;
  given: string | readonly string[];
  multiple?: boolean;
  alsoAccept?: readonly string[];
  relaxed?: boolean | null;
}): boolean {
  const { checkType, expected, given, multiple = false } = opts;
  if (!isCheckType(checkType)) return false;
  if (checkType === 'photo') return true;
  if (checkType === 'choice' && multiple) return sameChoiceSet(expected, given);
  // A single-answer step accepts an array only when it carries exactly one answer.
  const single = typeof given === 'string' ? given : given.length === 1 ? (given[0] ?? '') : '';
  const targets = [
    expected ?? '',
    ...(VARIANT_CHECK_TYPES.includes(checkType) ? (opts.alsoAccept ?? []) : []),
  ];
  return targets.some((target) => sameAnswer(checkType, single, target, opts.relaxed ?? null));
}
