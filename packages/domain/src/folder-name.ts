/** Whether the UTF-16 unit (or code point) `code` is a control character: C0, DEL or C1. */
export const isControlCode = (code: number) => code <= 0x1f || (code >= 0x7f && code <= 0x9f);

/**
 * Whether `name` (already trimmed) is a folder name the media libraries take (decision 0059): not
 * empty, no path separator (`/`, `\`), no control character, and no dot at its start or end,
 * which also rules out `.` and `..`. A name is metadata, never a stored path, but a folder's
 * shown path (`/Roma/Audio`) is built from names, so a name must stay one segment of it.
 */
export function isValidFolderName(name: string): boolean {
  if (name === '' || name.startsWith('.') || name.endsWith('.')) return false;
  for (let i = 0; i < name.length; i += 1) {
    const code = name.charCodeAt(i);
    if (isControlCode(code) || name[i] === '/' || name[i] === '\\') return false;
  }
  return true;
}
