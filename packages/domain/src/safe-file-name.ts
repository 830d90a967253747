import { isControlCode } from './folder-name';

/** The longest name `safeFileName` gives, in characters (code points). */
export const SAFE_NAME_MAX_CHARS = 100;
/**
 * …and in UTF-8 bytes: file systems take 255 bytes a name, and a photo's name adds its step's
 * number and `.jpg`, a folder's a ` (2)`.
 */
export const SAFE_NAME_MAX_BYTES = 200;

/** Path separators, and what Windows refuses in a name besides them. */
const FORBIDDEN = new Set(['/', '\\', '<', '>', ':', '"', '|', '?', '*']);

/** Invisible marks that turn text around (a name could pass for another): dropped. */
const isBidiControl = (code: number) =>
  code === 0x200e ||
  code === 0x200f ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069);

/** Device names Windows will not create a file or folder under, with any extension. */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i;

/** Leading and trailing dots and spaces: `.` and `..` are paths, and Windows drops the rest. */
const trimEnds = (name: string) => name.replace(/^[ .]+|[ .]+$/g, '');

/** The bytes of a code point in UTF-8. */
const utf8Bytes = (code: number) => (code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4);

/** The first characters of `name` within both limits, never half a character. */
function cap(name: string): string {
  let kept = '';
  let chars = 0;
  let bytes = 0;
  for (const char of name) {
    const size = utf8Bytes(char.codePointAt(0) ?? 0);
    if (chars + 1 > SAFE_NAME_MAX_CHARS || bytes + size > SAFE_NAME_MAX_BYTES) break;
    kept += char;
    chars += 1;
    bytes += size;
  }
  return kept;
}

/**
 * A user's text (a team's name, a step's place) as one file or folder name inside an archive
 * that unpacks the same on any system: separators, Windows' reserved characters and lone
 * surrogates become `_`, control characters and runs of white space one space, direction marks
 * are dropped, dots and spaces are trimmed at both ends, the length is capped
 * (SAFE_NAME_MAX_CHARS and _BYTES) and a Windows device name gets a leading `_`. Never `.`,
 * `..`, empty or a path: when nothing is left, the answer is `fallback` (which the caller gives
 * safe).
 */
export function safeFileName(text: string, fallback: string): string {
  let name = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    if (isBidiControl(code)) continue;
    if (isControlCode(code)) name += ' ';
    // A lone surrogate is no character UTF-8 can write.
    else if (FORBIDDEN.has(char) || (code >= 0xd800 && code <= 0xdfff)) name += '_';
    else name += char;
  }
  const safe = trimEnds(cap(trimEnds(name.replace(/\s+/g, ' '))));
  if (safe === '') return fallback;
  return WINDOWS_DEVICE.test(safe) ? `_${safe}` : safe;
}

/**
 * `names` made distinct in their order: the first keeps its name, a later one taken already
 * gets ` (2)`, ` (3)`… (the first number free). Names are compared as case-insensitive file
 * systems do (Windows, macOS), so `Squadra` and `squadra` are two folders there too.
 */
export function distinctFileNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  const keyOf = (name: string) => name.normalize('NFC').toLowerCase();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; taken.has(keyOf(candidate)); n += 1) candidate = `${name} (${n})`;
    taken.add(keyOf(candidate));
    return candidate;
  });
}
