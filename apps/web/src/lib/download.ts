import { ApiError, toApiError } from './api-client';

/** How long a downloaded file's object URL lives: revoking it at once can cancel the download. */
const REVOKE_DELAY_MS = 1000;

/** Saves a Blob as a file called `fileName` through a temporary, hidden `<a download>` link. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_DELAY_MS);
}

/**
 * Follows a download link: the browser saves the file as it arrives (an archive of any size never
 * sits in the page's memory) and the page stays.
 */
export function followDownload(url: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = '';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

/** Saves a JSON value as a file, pretty-printed with 2 spaces. */
export function saveJson(value: unknown, fileName: string): void {
  saveBlob(new Blob([JSON.stringify(value, null, 2)], { type: 'application/json' }), fileName);
}

/**
 * Downloads a non-JSON file of the API (e.g. a CSV) as a Blob, keeping its bytes (a UTF-8 BOM
 * included); a failed answer throws an `ApiError` with the server's message.
 */
export async function fetchFile(path: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'include' });
  } catch (error) {
    throw new ApiError(0, 'network', 'Network error', { cause: error });
  }
  if (!response.ok) throw await toApiError(response);
  return response.blob();
}
