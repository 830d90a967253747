import type { ErrorCode, ErrorParamValue } from '@tappa/contracts';

/** Codes an `ApiError` can carry: the server's error codes plus `network` for failed connections. */
export type ApiErrorCode = ErrorCode | 'network';

/** The values an error code's text takes (`ErrorParamMap`), by name. */
export type ApiErrorParams = Readonly<Record<string, ErrorParamValue>>;

/** What an `ApiError` may carry besides its code: its text's parameters and a cause. */
export interface ApiErrorOptions extends ErrorOptions {
  params?: ApiErrorParams;
}

/** HTTP statuses worth retrying (spec: "Statuses 502, 503, 504 and network failures are retryable"). */
const RETRYABLE_STATUSES: readonly number[] = [0, 502, 503, 504];

/** Most attempts (first try included) a query makes when its error is retryable. */
export const MAX_QUERY_ATTEMPTS = 3;

/**
 * A failed API call: HTTP status (0 when the network failed), stable code and the parameters of
 * its text. Users read the code's text from the catalogue (`errorText`); `message` is the
 * server's English detail, for developers and logs only.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly params: ApiErrorParams;

  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    { params = {}, ...options }: ApiErrorOptions = {},
  ) {
    super(message, options);
    this.params = params;
  }
}

/** Whether an error is a network failure or a 502/503/504 answer, i.e. worth trying again. */
export function isRetryable(error: unknown): boolean {
  return error instanceof ApiError && RETRYABLE_STATUSES.includes(error.status);
}

/** React Query `retry` policy: retryable errors up to `MAX_QUERY_ATTEMPTS` attempts, others never. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return isRetryable(error) && failureCount + 1 < MAX_QUERY_ATTEMPTS;
}
