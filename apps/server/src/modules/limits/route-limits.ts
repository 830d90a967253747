import { type BucketRule, retryAfterS } from '@tappa/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import { takeFromBucket } from './limits.service';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Requests a client address may make to the route (`RATE_LIMITS`). */
    rateLimit?: BucketRule;
  }
}

const MINUTE_MS = 60_000;

/**
 * Limits any module can put on a route with `config: { rateLimit: RATE_LIMITS.x }`, per route
 * and client address. Counted in the database: every instance shares them.
 */
export const RATE_LIMITS = {
  signIn: { capacity: 10, perMs: MINUTE_MS },
  code: { capacity: 20, perMs: MINUTE_MS },
  mail: { capacity: 5, perMs: MINUTE_MS },
  playerIdentify: { capacity: 20, perMs: MINUTE_MS },
} as const satisfies Record<string, BucketRule>;

/** Counts each request of a rate-limited route before anything else runs; 429 past its rule. */
export function registerRouteLimits(app: FastifyInstance, deps: { db: Db; clock: Clock }): void {
  app.addHook('onRequest', async (request) => {
    const rule = request.routeOptions.config.rateLimit;
    if (!rule) return;
    const key = `route:${request.routeOptions.url}:${request.ip}`;
    const waitMs = await takeFromBucket(deps.db, key, rule, deps.clock.nowMs());
    if (waitMs === 0) return;
    const seconds = retryAfterS(waitMs);
    throw new AppError(
      'rate_limited',
      { retry_after_s: seconds },
      { message: `Too many requests, please try again in ${seconds} seconds` },
    );
  });
}
