import { health, type HealthResponse, HealthResponseSchema } from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { DATABASE_RETRY_AFTER_S } from '../../db/errors';
import type { Clock, Timer } from '../../infra/clock';
import type { Access } from '../access/access';
import { servesOn } from '../access/serve';

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
 * The route of `health` (`@tappa/contracts`): 200 when the database answers within
 * `pingBoundMs`, 503 otherwise (not ready: a load balancer sends no traffic); scoreboard counters.
 */
export const healthEndpoints: FastifyPluginAsync<{
  database: Database;
  clock: Clock;
  access: Access;
  /** How long readiness waits for the database (the pool's acquisition timeout). */
  pingBoundMs: number;
  version: string;
  /** The scoreboards' counters: open streams, rankings computed since start. */
  scoreboard: { stats(): { open_streams: number; rankings_computed: number } };
}> = async (app, { database, clock, access, pingBoundMs, version, scoreboard }) => {
  const serve = servesOn(app, access);

  serve(
    health.read,
    { response: HealthResponseSchema },
    {
      tags: ['platform'],
      summary: 'Process and database health',
      otherResponses: { 503: HealthResponseSchema },
      logLevel: 'warn',
    },
    async ({ request, reply }) => {
      let latencyMs: number | null = null;
      try {
        const startedMs = clock.monotonicMs();
        await pingWithin(database, clock, pingBoundMs);
        latencyMs = Math.round((clock.monotonicMs() - startedMs) * 10) / 10;
      } catch (err) {
        request.log.error({ err }, 'database ping failed');
      }
      const ok = latencyMs !== null;
      const answer: HealthResponse = {
        status: ok ? 'ok' : 'degraded',
        database: { ok, driver: database.driver, latencyMs },
        version,
        uptimeS: Math.round(process.uptime()),
        scoreboard: scoreboard.stats(),
      };
      if (ok) return answer;
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      return reply.status(503).send(answer);
    },
  );
};
