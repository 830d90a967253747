import {
  type BodyOf,
  CSRF_HEADER,
  CSRF_HEADER_VALUE,
  type Endpoint,
  type ParamsOf,
  type PathParamNames,
  type QueryOf,
  type ResponseOf,
  urlOf,
} from '@tappa/contracts';
import { ApiError } from './api-error';
import { readErrorBody } from './error-body';

export { ApiError, isRetryable } from './api-error';
export type { ApiErrorCode, ApiErrorParams } from './api-error';

/** HTTP methods the API uses. */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Something that checks unknown data, such as a zod schema (zod stays out of player pages). */
export interface ResponseSchema<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/**
 * Options of `apiFetch`: `body` is sent as JSON (a `FormData` as multipart); `schema` validates
 * the JSON answer.
 */
export interface ApiFetchOptions<T = unknown> {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  /** Lets the request outlive the page (like a beacon, but with the CSRF header). */
  keepalive?: boolean;
  schema?: ResponseSchema<T>;
}

/** Calls the API and returns the answer parsed by `schema`; throws `ApiError` on any failure. */
export function apiFetch<T>(
  path: string,
  options: ApiFetchOptions<T> & { schema: ResponseSchema<T> },
): Promise<T>;
/** Calls the API and returns the unchecked JSON answer (undefined for 204); throws `ApiError`. */
export function apiFetch(path: string, options?: ApiFetchOptions): Promise<unknown>;
export async function apiFetch<T>(
  path: string,
  options: ApiFetchOptions<T> = {},
): Promise<unknown> {
  const { method = 'GET', body, signal, keepalive, schema } = options;
  // No `Accept`: every answer is JSON, and a GET must look like the page's fetch preloads
  // (`as=fetch` sends the default) for the browser to hand it the preloaded answer.
  const headers: Record<string, string> = {};
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  // Writes carry the CSRF header: a cross-site form or script cannot set it.
  if (method !== 'GET') headers[CSRF_HEADER] = CSRF_HEADER_VALUE;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal,
      keepalive,
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

/** Turns a non-2xx answer into an `ApiError` with the code and parameters of its error body. */
export async function toApiError(response: Response): Promise<ApiError> {
  let json: unknown = null;
  try {
    json = await response.json();
  } catch {
    // No JSON body: the status's generic code.
  }
  const { code, params, message } = readErrorBody(json, response.status);
  return new ApiError(response.status, code, message, { params });
}

/** What `apiCall` sends: the path's parameters, and the body and query the endpoint declares. */
export type CallOptions<E extends Endpoint> = ([PathParamNames<E['path']>] extends [never]
  ? { params?: ParamsOf<E> }
  : { params: ParamsOf<E> }) &
  (BodyOf<E> extends undefined ? { body?: undefined } : { body: BodyOf<E> }) &
  (QueryOf<E> extends undefined ? { query?: undefined } : { query: QueryOf<E> }) &
  Pick<ApiFetchOptions, 'signal' | 'keepalive'>;

/**
 * Calls an endpoint of the table in `@tappa/contracts` (decision 0060): its URL made from its
 * path and `params`, its method, and its answer typed as it declares (the server's response
 * schema is the allow-list of what it answers; zod stays out of player pages).
 */
export async function apiCall<E extends Endpoint>(
  endpoint: E,
  ...[options]: object extends CallOptions<E> ? [CallOptions<E>?] : [CallOptions<E>]
): Promise<ResponseOf<E>> {
  const { params, body, query, signal, keepalive } = options ?? {};
  const search = query ? searchOf(query) : '';
  const answer: unknown = await apiFetch(
    `${urlOf(endpoint, params ?? ({} as ParamsOf<E>))}${search}`,
    {
      method: endpoint.method,
      body,
      signal,
      keepalive,
    },
  );
  return answer;
}

/** The values of a query string as the endpoints declare them. */
type QueryValues = Record<string, string | number | boolean | null | undefined>;

/** A query string of the values that are set (`?a=1&b=x`), or nothing. */
function searchOf(query: QueryValues): string {
  const entries = Object.entries(query).flatMap(([key, value]) =>
    value === undefined || value === null ? [] : [[key, String(value)]],
  );
  return entries.length === 0 ? '' : `?${new URLSearchParams(entries).toString()}`;
}
