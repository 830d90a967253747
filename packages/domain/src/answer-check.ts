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

/** Whether a player's answer is correct for the step's check type. */
export function checkAnswer(opts: {
  checkType: string;
  expected: string | null;
  given: string | readonly string[];
  multiple?: boolean;
}): boolean {
  const { checkType, expected, given, multiple = false } = opts;
  if (!isCheckType(checkType)) return false;
  if (checkType === 'choice' && multiple) return sameChoiceSet(expected, given);
  // A single-answer step accepts an array only when it carries exactly one answer.
  const single = typeof given === 'string' ? given : given.length === 1 ? (given[0] ?? '') : '';
  const answer = single.trim();
  const target = (expected ?? '').trim();
  switch (checkType) {
    case 'photo':
      return true;
    case 'text':
    case 'choice':
      return answer !== '' && answer.toLowerCase() === target.toLowerCase();
    case 'qr':
    case 'code':
      return answer !== '' && answer === target;
  }
}
