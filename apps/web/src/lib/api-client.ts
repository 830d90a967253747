import { ErrorBodySchema, ErrorCodeSchema } from '@tappa/contracts';
import type { ZodType } from 'zod';
import { ApiError } from './api-error';
import type { ApiErrorCode } from './api-error';

export { ApiError, isRetryable } from './api-error';
export type { ApiErrorCode } from './api-error';

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Options of `apiFetch`: `body` is sent as JSON; `schema` validates the JSON answer. */
export interface ApiFetchOptions<T = unknown> {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  schema?: ZodType<T>;
}

/** Calls the API and returns the answer parsed by `schema`; throws `ApiError` on any failure. */
export function apiFetch<T>(
  path: string,
  options: ApiFetchOptions<T> & { schema: ZodType<T> },
): Promise<T>;
/** Calls the API and returns the unchecked JSON answer (undefined for 204); throws `ApiError`. */
export function apiFetch(path: string, options?: ApiFetchOptions): Promise<unknown>;
export async function apiFetch<T>(
  path: string,
  options: ApiFetchOptions<T> = {},
): Promise<unknown> {
  const { method = 'GET', body, signal, schema } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      credentials: 'include',
    });
  } catch (error) {
    // An abort is the caller's decision (e.g. React Query cancelling): not a network failure.
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network', 'Network error', { cause: error });
  }

  if (!response.ok) throw await toApiError(response);
  const data = response.status === 204 ? undefined : await readJson(response);
  if (!schema) return data;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(response.status, 'internal', 'Unexpected response from the server', {
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** Reads a successful answer's JSON (an empty body reads as undefined). */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch (error) {
    throw new ApiError(response.status, 'internal', 'Unexpected response from the server', {
      cause: error,
    });
  }
}

/** Turns a non-2xx answer into an `ApiError`, using the `{ error: { code, message } }` body if any. */
async function toApiError(response: Response): Promise<ApiError> {
  const fallbackCode: ApiErrorCode = response.status >= 500 ? 'internal' : 'bad_request';
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    return new ApiError(response.status, fallbackCode, genericMessage(response.status));
  }
  const body = ErrorBodySchema.safeParse(json);
  if (!body.success) {
    return new ApiError(response.status, fallbackCode, genericMessage(response.status));
  }
  const code = ErrorCodeSchema.safeParse(body.data.error.code);
  return new ApiError(
    response.status,
    code.success ? code.data : fallbackCode,
    body.data.error.message,
  );
}

/** Message for an error answer that carries no usable error body. */
function genericMessage(status: number): string {
  return `Request failed with status ${status}`;
}
