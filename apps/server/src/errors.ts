import type { ErrorCode } from '@tappa/contracts';

/** The one error services throw: a stable code and the message users see. */
export class AppError extends Error {
  override readonly name = 'AppError';

  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A record that does not exist, or belongs to another tenant (both answer the same). */
export const notFound = (message = 'Not found') => new AppError('not_found', message);
