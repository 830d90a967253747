import { HealthResponseSchema } from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db/client';
import type { RankingsHub } from '../scoreboards/rankings-hub';

/** `GET /api/health`: 200 when the database answers, 503 otherwise; scoreboard counters. */
export const healthEndpoints: FastifyPluginAsyncZod<{
  database: DatabaseHandle;
  version: string;
  scoreboard: Pick<RankingsHub, 'stats'>;
}> = async (app, { database, version, scoreboard }) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['platform'],
        summary: 'Process and database health',
        response: { 200: HealthResponseSchema, 503: HealthResponseSchema },
      },
      logLevel: 'warn',
    },
    async (request, reply) => {
      let latencyMs: number | null = null;
      try {
        latencyMs = await database.ping();
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
