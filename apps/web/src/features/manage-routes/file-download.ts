/** How long a downloaded file's object URL lives: revoking it at once can cancel the download. */
const REVOKE_DELAY_MS = 1000;

/** Saves a Blob as a file called `fileName` through a temporary `<a download>` link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_DELAY_MS);
}

/** Saves a JSON value pretty-printed with 2 spaces. */
export function saveJson(value: unknown, fileName: string): void {
  saveBlob(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }), fileName);
}

/** `YYYY-MM-DD` of a moment in the browser's time zone. */
export function localDateStamp(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Doc 2 §7: `{tenant slug}-{route slug}-scoreboard-YYYY-MM-DD.csv`, dated today (local). */
export function scoreboardFileName(tenantSlug: string, routeSlug: string, now: Date): string {
  return `${tenantSlug}-${routeSlug}-scoreboard-${localDateStamp(now)}.csv`;
}

/**
 * Downloads a non-JSON file of the API (e.g. a CSV) as a Blob, keeping its bytes (a UTF-8 BOM
 * included); a failed answer throws an Error with the server's `{ error: { message } }`.
 */
export async function fetchFile(path: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'include' });
  } catch (error) {
    throw new Error('Network error', { cause: error });
  }
  if (!response.ok) throw new Error(await failureMessage(response));
  return response.blob();
}

/** The message of an error answer, or a generic one when the body carries none. */
async function failureMessage(response: Response): Promise<string> {
  const fallback = `Request failed with status ${response.status}`;
  try {
    const body: unknown = await response.json();
    if (typeof body !== 'object' || body === null || !('error' in body)) return fallback;
    const error: unknown = body.error;
    if (typeof error !== 'object' || error === null || !('message' in error)) return fallback;
    return typeof error.message === 'string' && error.message !== '' ? error.message : fallback;
  } catch {
    return fallback;
  }
}

/** Reads a picked file as text (FileReader, which every browser and jsdom have). */
export function readFileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('Cannot read the file'));
    reader.readAsText(file);
  });
}
