import { HealthResponseSchema } from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db/client';
import type { Clock } from '../../infra/clock';
import type { RankingsHub } from '../scoreboards/rankings-hub';

/** `GET /api/health`: 200 when the database answers, 503 otherwise; scoreboard counters. */
export const healthEndpoints: FastifyPluginAsyncZod<{
  database: Pick<DatabaseHandle, 'ping' | 'driver'>;
  clock: Clock;
  version: string;
  scoreboard: Pick<RankingsHub, 'stats'>;
}> = async (app, { database, clock, version, scoreboard }) => {
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
        await database.ping();
        latencyMs = Math.round((clock.monotonicMs() - startedMs) * 10) / 10;
      } catch (err) {
        request.log.error({ err }, 'database ping failed');
      }
      const ok = latencyMs !== null;
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
