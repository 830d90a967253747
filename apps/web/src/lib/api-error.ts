import type { ErrorCode } from '@tappa/contracts';

/** Codes an `ApiError` can carry: the server's error codes plus `network` for failed connections. */
export type ApiErrorCode = ErrorCode | 'network';

/** HTTP statuses worth retrying (spec: "Statuses 502, 503, 504 and network failures are retryable"). */
const RETRYABLE_STATUSES: readonly number[] = [0, 502, 503, 504];

/** Most attempts (first try included) a query makes when its error is retryable. */
export const MAX_QUERY_ATTEMPTS = 3;

/** A failed API call: HTTP status (0 when the network failed), stable code and a displayable message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
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
