import { RankingsSchema, ScoreboardRoutesSchema } from '@tappa/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { ModuleDeps } from '../../module-deps';
import type { ScoreboardRealtime } from './scoreboard-realtime';
import { listScoreboardRoutes, resolveRankingTarget } from './scoreboards.service';

/**
 * Open event streams one address may hold: generous, since the phones at an event often share
 * the venue's address, but one client cannot hold thousands of connections open.
 */
export const MAX_STREAMS_PER_ADDRESS = 200;

const Slug = z.object({ slug: z.string() });
const RouteFilter = z.object({
  /** A route slug; absent or empty: all the tenant's routes. */
  route: z.string().max(200).optional(),
});

/** Answers a JSON text that was serialized (and checked against its schema) once, in the hub. */
function sendJson(reply: FastifyReply, json: string) {
  return reply
    .type('application/json; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send(json);
}

/**
 * The public scoreboards of a tenant (doc 2 §2 'Live scoreboard'): rankings, the route filter,
 * and the rankings as Server-Sent Events.
 */
export const scoreboardsEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'access' | 'clock'> & { realtime: ScoreboardRealtime }
> = async (app, { db, access, clock, realtime }) => {
  const base = '/api/public/tenants/:slug';
  /** Open event streams per client address (see MAX_STREAMS_PER_ADDRESS). */
  const streamsByAddress = new Map<string, number>();
  const targetOf = async (slug: string, routeSlug: string | undefined) =>
    resolveRankingTarget(
      db,
      realtime.hub,
      await access.requirePlayableTenant(slug),
      routeSlug || null,
    );

  app.get(
    `${base}/scoreboard`,
    {
      schema: {
        tags: ['scoreboards'],
        params: Slug,
        querystring: RouteFilter,
        response: { 200: RankingsSchema },
      },
      config: { access: 'public-tenant' },
    },
    async (request, reply) => {
      const target = await targetOf(request.params.slug, request.query.route);
      const snapshot = await realtime.hub.read(target);
      return sendJson(reply, snapshot.json);
    },
  );

  app.get(
    `${base}/scoreboard/routes`,
    {
      schema: { tags: ['scoreboards'], params: Slug, response: { 200: ScoreboardRoutesSchema } },
      config: { access: 'public-tenant' },
    },
    async (request) => {
      const { scope } = await access.requirePlayableTenant(request.params.slug);
      return listScoreboardRoutes(db, scope);
    },
  );

  app.get(
    `${base}/scoreboard/stream`,
    {
      schema: {
        tags: ['scoreboards'],
        summary: `Server-Sent Events: 'rankings' now and on every change, ': ping' every 25 s`,
        params: Slug,
        querystring: RouteFilter,
        produces: ['text/event-stream'],
      },
      config: { access: 'public-tenant' },
    },
    async (request, reply) => {
      const address = request.ip;
      if ((streamsByAddress.get(address) ?? 0) >= MAX_STREAMS_PER_ADDRESS) {
        throw new AppError('too_many_streams');
      }
      // Errors (unknown tenant or route, unavailable tenant) still answer as JSON.
      const target = await targetOf(request.params.slug, request.query.route);
      const initial = await realtime.hub.read(target);
      streamsByAddress.set(address, (streamsByAddress.get(address) ?? 0) + 1);
      // Fastify does not log the end of a hijacked reply: the stream does.
      const { log } = request;
      const startedMs = clock.monotonicMs();
      reply.raw.once('close', () => {
        const left = (streamsByAddress.get(address) ?? 1) - 1;
        if (left > 0) streamsByAddress.set(address, left);
        else streamsByAddress.delete(address);
        log.info({ responseTime: clock.monotonicMs() - startedMs }, 'scoreboard stream closed');
      });
      reply.hijack();
      // Headers set so far (security headers, x-request-id) go out with the stream's own.
      for (const [name, value] of Object.entries(reply.getHeaders()))
        if (value !== undefined) reply.raw.setHeader(name, value);
      reply.raw.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        'x-accel-buffering': 'no',
        // The connection ends with the stream, so a shutdown never waits on it.
        connection: 'close',
      });
      realtime.hub.attach(target, reply.raw, initial);
    },
  );
};
