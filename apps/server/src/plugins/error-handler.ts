import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@tappa/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_S, isDatabaseUnavailable } from '../db/errors';
import { AppError, type AppErrorFields } from '../errors';

const body = ({ code, params, message }: AppErrorFields): ErrorBody => ({
  error: { code, params, message },
});

const plain = (code: ErrorCode, message: string): AppErrorFields => ({ code, params: {}, message });

/**
 * Maps every thrown error to `{ error: { code, params, message } }`: the code of the closed set
 * with the parameters of its text. 5xx bodies are generic and the details logged. A database
 * that is down or too slow answers 503 with `Retry-After` (decision 0020).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const isAppError = error instanceof AppError;
    if ((isAppError && error.code === 'database_unavailable') || isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      return reply.status(ERROR_STATUS.database_unavailable).send(
        body({
          code: 'database_unavailable',
          params: { retry_after_s: DATABASE_RETRY_AFTER_S },
          message: 'Database unavailable',
        }),
      );
    }
    if (isAppError) {
      const status = ERROR_STATUS[error.code];
      const wait = error.params.retry_after_s;
      if (typeof wait === 'number') reply.header('retry-after', String(wait));
      // A 502 carries what another service answered (the mail provider's reason): it is shown.
      if (status < 500 || status === 502) return reply.status(status).send(body(error.toFields()));
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send(body(plain(error.code, 'Internal server error')));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'request',
        message: issue.message ?? 'invalid',
      }));
      return reply.status(400).send(
        body({
          code: 'validation_failed',
          params: { fields: [...new Set(issues.map((issue) => issue.field))].join(', ') },
          message: issues.map((issue) => `${issue.field}: ${issue.message}`).join('; '),
        }),
      );
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      // A request body over its route's limit (a file over its own limit is payload_too_large).
      const maxKb = Math.floor(request.routeOptions.bodyLimit / 1024);
      return reply.status(413).send(
        body({
          code: 'body_too_large',
          params: { max_kb: maxKb },
          message: `The request body is over ${maxKb} KB`,
        }),
      );
    }
    switch (status) {
      case 413:
        return reply.status(413).send(body(plain('payload_too_large', 'The request is too large')));
      case 415:
        return reply.status(415).send(body(plain('unsupported_media_type', error.message)));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body(plain('bad_request', error.message)));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body(plain('internal', 'Internal server error')));
  });
}
