/** Whether a database error is a unique-constraint violation (optionally of `constraint`). */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return errorAndCause(error).some((e) => {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    return code === '23505' && (constraint === undefined || name === constraint);
  });
}

/** How long a client is asked to wait when the database is unavailable (`Retry-After`). */
export const DATABASE_RETRY_AFTER_S = 5;

/**
 * PostgreSQL's codes for "not now": a statement or lock timeout (57014, 55P03), the server
 * shutting down or starting (57P01–57P03), and the connection exceptions (class 08).
 */
const UNAVAILABLE_CODE = /^(57014|55P03|57P0[123]|08...)$/;
/** The socket's codes when the server cannot be reached or went away. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** The driver's own errors, which carry no code: the pool's wait, a connection that dropped. */
const DRIVER_MESSAGE =
  /^(timeout exceeded when trying to connect|Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable)$/;

/**
 * Whether an error means the database is down or too slow right now (decision 0020), so the
 * request may succeed later: 503, not 500. Looks at the error and at the driver's error the
 * query builder wraps in `cause`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorAndCause(error).some((e) => {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_CODE.test(code) || UNREACHABLE_CODES.has(code))) {
      return true;
    }
    return typeof message === 'string' && DRIVER_MESSAGE.test(message);
  });
}

function errorAndCause(error: unknown): object[] {
  const candidates = [error, (error as { cause?: unknown } | null)?.cause];
  return candidates.filter((e): e is object => typeof e === 'object' && e !== null);
}

/** Whether a database error is a foreign-key violation (a referenced row is gone). */
export function isForeignKeyViolation(error: unknown): boolean {
  return errorAndCause(error).some((e) => (e as { code?: unknown }).code === '23503');
}
