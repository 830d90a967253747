import { HealthResponseSchema } from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db/client';
import { DATABASE_RETRY_AFTER_S } from '../../db/errors';
import type { Clock, Timer } from '../../infra/clock';

type Database = Pick<DatabaseHandle, 'ping' | 'driver'>;

/** `select 1` through the pool; throws when it has not answered within `boundMs`. */
async function pingWithin(database: Database, clock: Clock, boundMs: number): Promise<void> {
  let timer: Timer | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = clock.setTimeout(
      () => reject(new Error(`the database did not answer within ${boundMs} ms`)),
      boundMs,
    );
  });
  try {
    await Promise.race([database.ping(), late]);
  } finally {
    if (timer) clock.clearTimeout(timer);
  }
}

/**
 * `GET /api/health`: 200 when the database answers within `pingBoundMs`, 503 otherwise (not
 * ready: a load balancer sends no traffic); scoreboard counters.
 */
export const healthEndpoints: FastifyPluginAsyncZod<{
  database: Database;
  clock: Clock;
  /** How long readiness waits for the database (the pool's acquisition timeout). */
  pingBoundMs: number;
  version: string;
  /** The scoreboards' counters: open streams, rankings computed since start. */
  scoreboard: { stats(): { open_streams: number; rankings_computed: number } };
}> = async (app, { database, clock, pingBoundMs, version, scoreboard }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Process and database health',
        response: { 200: HealthResponseSchema, 503: HealthResponseSchema },
      },
      config: { access: 'public' },
      logLevel: 'warn',
    },
    async (request, reply) => {
      let latencyMs: number | null = null;
      try {
        const startedMs = clock.monotonicMs();
        await pingWithin(database, clock, pingBoundMs);
        latencyMs = Math.round((clock.monotonicMs() - startedMs) * 10) / 10;
      } catch (err) {
        request.log.error({ err }, 'database ping failed');
      }
      const ok = latencyMs !== null;
      if (!ok) reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      return reply.status(ok ? 200 : 503).send({
        status: ok ? 'ok' : 'degraded',
        database: { ok, driver: database.driver, latencyMs },
        version,
        uptimeS: Math.round(process.uptime()),
        scoreboard: scoreboard.stats(),
      });
    },
  );
};
