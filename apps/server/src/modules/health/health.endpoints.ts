import { HealthResponseSchema } from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../../db/client';

/** `GET /api/health`: 200 when the database answers, 503 otherwise. */
export const healthEndpoints: FastifyPluginAsyncZod<{
  database: DatabaseHandle;
  version: string;
}> = async (app, { database, version }) => {
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
      });
    },
  );
};
