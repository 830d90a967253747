import {
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  type Endpoint,
  type ParamsOf,
  type ResponseOf,
  urlOf,
} from '@tappa/contracts';
import { ApiError } from './api-error';
import { readErrorBody } from './error-body';

/** How far an upload has got: bytes sent of the request body's bytes. */
export interface UploadProgress {
  loadedBytes: number;
  totalBytes: number;
}

/** Options of `uploadWithProgress`. */
export interface UploadOptions {
  /** Called as the body goes out (the browser's upload progress events). */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * Sends a multipart form to an endpoint of the table like `apiCall` does (session cookie, CSRF
 * header, the declared answer, `ApiError` on any failure), but through `XMLHttpRequest`: `fetch`
 * reports no upload progress, and a large file's progress bar needs it.
 */
export function uploadWithProgress<E extends Endpoint>(
  endpoint: E,
  params: ParamsOf<E>,
  form: FormData,
  { onProgress, signal }: UploadOptions = {},
): Promise<ResponseOf<E>> {
  return new Promise<ResponseOf<E>>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(endpoint.method, urlOf(endpoint, params));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    // A write carries the CSRF header, as every `apiFetch` write does.
    xhr.setRequestHeader(CSRF_HEADER, CSRF_HEADER_VALUE);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) {
        onProgress?.({ loadedBytes: event.loaded, totalBytes: event.total });
      }
    });
    xhr.addEventListener('load', () => {
      const json = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && json !== UNREADABLE) {
        // Our own server's answer: its response schema is the contract (as in `apiCall`).
        resolve(json);
        return;
      }
      if (json === UNREADABLE && xhr.status < 300) {
        reject(new ApiError(xhr.status, 'internal', 'Unexpected response from the server'));
        return;
      }
      const { code, params, message } = readErrorBody(json, xhr.status);
      reject(new ApiError(xhr.status, code, message, { params }));
    });
    xhr.addEventListener('error', () => reject(new ApiError(0, 'network', 'Network error')));
    xhr.addEventListener('abort', () => reject(new DOMException('Upload aborted', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** What `parseJson` answers for a body that is not JSON. */
const UNREADABLE = Symbol('unreadable');

/** An answer's JSON (undefined for an empty body), or `UNREADABLE`. */
function parseJson(text: string): unknown {
  if (text === '') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return UNREADABLE;
  }
}
