import { ERROR_STATUS, type ErrorBody } from '@tappa/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

const GENERIC_SERVER_MESSAGE = 'Internal server error';

const body = (code: string, message: string): ErrorBody => ({ error: { code, message } });

/** Maps every thrown error to `{ error: { code, message } }`; 5xx bodies are generic and logged. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const status = ERROR_STATUS[error.code];
      if (status >= 500) {
        request.log.error({ err: error }, 'request failed');
        return reply.status(status).send(body(error.code, GENERIC_SERVER_MESSAGE));
      }
      return reply.status(status).send(body(error.code, error.message));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const message = error.validation
        .map(
          (issue) =>
            `${issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'request'}: ${issue.message}`,
        )
        .join('; ');
      return reply.status(400).send(body('validation_failed', message));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(body('rate_limited', error.message));
    }
    if (status === 413) {
      return reply.status(413).send(body('payload_too_large', 'The request is too large'));
    }
    if (status === 415) {
      return reply.status(415).send(body('unsupported_media_type', error.message));
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send(body('bad_request', error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(body('internal', GENERIC_SERVER_MESSAGE));
  });
}
