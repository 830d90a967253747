import { z } from 'zod';
import { ERROR_CODES } from './constants';

export const ErrorCodeSchema = z.enum(ERROR_CODES);

/** The one error body every failing API call answers with. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
