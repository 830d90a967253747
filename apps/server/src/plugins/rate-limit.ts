import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';

/**
 * Limits any module can put on a route with `config: { rateLimit: RATE_LIMITS.x }`.
 * Counters live in the process; behind several instances each instance counts on its own.
 */
export const RATE_LIMITS = {
  signIn: { max: 10, timeWindow: '1 minute' },
  code: { max: 20, timeWindow: '1 minute' },
  mail: { max: 5, timeWindow: '1 minute' },
} as const;

/** Registers the rate limiter without a global limit: routes opt in through their config. */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'rate_limited',
      message: `Too many requests, please try again in ${context.after}`,
    }),
  });
}
