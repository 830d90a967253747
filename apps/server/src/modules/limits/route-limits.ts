import rateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { retryAfterS } from '@tappa/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { takeFromBucket } from './limits.service';

const MINUTE_MS = 60_000;

type IncrCallback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * Limits any module can put on a route with `config: { rateLimit: RATE_LIMITS.x }`: requests per
 * client address and route, counted in the database so every instance shares them.
 */
export const RATE_LIMITS = {
  signIn: { max: 10, timeWindow: MINUTE_MS },
  code: { max: 20, timeWindow: MINUTE_MS },
  mail: { max: 5, timeWindow: MINUTE_MS },
  playerIdentify: { max: 20, timeWindow: MINUTE_MS },
  /** Codes of one game for another phone (decision 0066): a few, then one every two minutes. */
  handoffIssue: { max: 5, timeWindow: 10 * MINUTE_MS },
  /** Tries at a 6-symbol handoff code: few enough that guessing one in its 10 minutes is hopeless. */
  handoffRedeem: { max: 10, timeWindow: MINUTE_MS },
} as const;

/**
 * Registers the rate limiter with a store in `limit_counters`. A rule of `max` requests per
 * `timeWindow` is a token bucket: `max` at once, then one every `timeWindow / max`. Routes opt in
 * through their config; the limit runs after the CSRF check, before validation and the handler.
 */
export async function registerRouteLimits(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock },
): Promise<void> {
  class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, done: IncrCallback, timeWindow: number, max: number): void {
      const rule = { capacity: max, perMs: timeWindow };
      takeFromBucket(deps.db, key, rule, deps.clock.nowMs()).then(
        ({ waitMs, tokens }) =>
          done(null, { current: waitMs > 0 ? max + 1 : max - Math.floor(tokens), ttl: waitMs }),
        (error: Error) => done(error, { current: 0, ttl: 0 }),
      );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  }

  await app.register(rateLimit, {
    global: false,
    store: DatabaseStore,
    keyGenerator: (request) => `route:${request.routeOptions.url}:${request.ip}`,
    // Only a refused request says when to come back (`Retry-After`, set by the error handler).
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': false,
    },
    errorResponseBuilder: (_request, context) => {
      const seconds = retryAfterS(context.ttl);
      return new AppError(
        'rate_limited',
        { retry_after_s: seconds },
        { message: `Too many requests, please try again in ${seconds} seconds` },
      );
    },
  });
}
