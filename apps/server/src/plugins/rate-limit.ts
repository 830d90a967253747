import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../infra/clock';

/**
 * Limits any module can put on a route with `config: { rateLimit: RATE_LIMITS.x }`.
 * Counters live in the process; behind several instances each instance counts on its own.
 */
export const RATE_LIMITS = {
  signIn: { max: 10, timeWindow: '1 minute' },
  code: { max: 20, timeWindow: '1 minute' },
  mail: { max: 5, timeWindow: '1 minute' },
  playerIdentify: { max: 20, timeWindow: '1 minute' },
} as const;

/** Registers the rate limiter without a global limit: routes opt in through their config. */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      retryAfterS: Math.max(1, Math.ceil(context.ttl / 1000)),
      message: `Too many requests, please try again in ${context.after}`,
    }),
  });
}

/**
 * Counts events per key in a sliding window (failed sign-ins per account, reset requests per
 * e-mail, wrong tries per game step). In memory, like the route limits; on the injected clock.
 */
export class WindowCounter {
  private readonly hits = new Map<string, number[]>();

  constructor(private readonly opts: { windowMs: number; max: number; clock: Clock }) {}

  /** Whether `key` has reached the maximum within the window. */
  isLimited(key: string): boolean {
    return this.recent(key).length >= this.opts.max;
  }

  /** Records one event for `key`. */
  hit(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    this.hits.set(key, recent);
    // Keep memory bounded: drop keys whose events are all outside the window.
    if (this.hits.size > 10_000) {
      for (const k of this.hits.keys()) if (this.recent(k).length === 0) this.hits.delete(k);
    }
  }

  /** Forgets `key` (e.g. after a successful sign-in). */
  reset(key: string): void {
    this.hits.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.opts.windowMs;
    return (this.hits.get(key) ?? []).filter((t) => t > since);
  }

  private now(): number {
    return this.opts.clock.nowMs();
  }
}
