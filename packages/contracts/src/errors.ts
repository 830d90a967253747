import { z } from 'zod';
import { ERROR_CODES } from './error-codes';

export const ErrorCodeSchema = z.enum(ERROR_CODES);

/**
 * The one error body every failing API call answers with: a code of the closed set, the
 * parameters of its text, and an English message for developers and logs (the web shows the
 * code's text from its catalogue instead).
 */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    params: z.record(z.string(), z.union([z.string(), z.number()])),
    message: z.string(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
