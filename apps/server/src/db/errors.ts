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
 * shutting down or starting (57P01–57P03), the connection exceptions (class 08) and too many
 * connections (53300).
 */
const UNAVAILABLE_CODE = /^(57014|55P03|57P0[123]|08...|53300)$/;
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
  /^(timeout exceeded when trying to connect|Connection terminated( unexpectedly| due to connection timeout)?|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)$/;

/**
 * Whether an error means the database is down or too slow right now (decisions 0020, 0055), so
 * the request may succeed later: 503, not 500. Looks at the error and at the errors it wraps in
 * `cause`: the query builder wraps the driver's, the identity library wraps the query builder's.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorAndCause(error).some((e) => {
    const { code, message, severity } = e as {
      code?: unknown;
      message?: unknown;
      severity?: unknown;
    };
    if (typeof code === 'string' && (UNAVAILABLE_CODE.test(code) || UNREACHABLE_CODES.has(code))) {
      return true;
    }
    // The server ended the session (or refused to start one): a database that does not accept
    // connections now (55000), too many connections (53300), a crash in another backend.
    if (severity === 'FATAL' || severity === 'PANIC') return true;
    return typeof message === 'string' && DRIVER_MESSAGE.test(message);
  });
}

/** How deep a cause chain is followed: the identity library's error, drizzle's, the driver's. */
const MAX_CAUSES = 4;

/** The error and the errors it was caused by, outermost first. */
function errorAndCause(error: unknown): object[] {
  const chain: object[] = [];
  for (let e = error; typeof e === 'object' && e !== null && chain.length <= MAX_CAUSES;) {
    if (chain.includes(e)) break;
    chain.push(e);
    e = (e as { cause?: unknown }).cause;
  }
  return chain;
}

/** Whether a database error is a foreign-key violation (a referenced row is gone). */
export function isForeignKeyViolation(error: unknown): boolean {
  return errorAndCause(error).some((e) => (e as { code?: unknown }).code === '23503');
}
