import { GameResultSchema, RankingsSchema, ScoreboardRoutesSchema } from '@tappa/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import type { ScoreboardRealtime } from './scoreboard-realtime';
import { listScoreboardRoutes, loadGameResult, resolveRankingTarget } from './scoreboards.service';

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
 * The public scoreboards of a tenant (doc 2 §2 'Live scoreboard', 'End-of-game scoreboard'):
 * rankings, the route filter, a game's result, and the rankings as Server-Sent Events.
 */
export const scoreboardsEndpoints: FastifyPluginAsyncZod<{
  db: Database;
  realtime: ScoreboardRealtime;
  now?: () => number;
}> = async (app, { db, realtime, now = Date.now }) => {
  const base = '/api/public/tenants/:slug';
  /** Open event streams per client address (see MAX_STREAMS_PER_ADDRESS). */
  const streamsByAddress = new Map<string, number>();
  const targetOf = (slug: string, routeSlug: string | undefined) =>
    resolveRankingTarget(db, { slug, routeSlug: routeSlug || null, now: new Date(now()) });

  app.get(
    `${base}/scoreboard`,
    {
      schema: {
        tags: ['scoreboards'],
        params: Slug,
        querystring: RouteFilter,
        response: { 200: RankingsSchema },
      },
    },
    async (request, reply) => {
      const target = await targetOf(request.params.slug, request.query.route);
      const snapshot = await realtime.hub.read(target);
      return sendJson(reply, snapshot.json);
    },
  );

  app.get(
    `${base}/scoreboard/routes`,
    { schema: { tags: ['scoreboards'], params: Slug, response: { 200: ScoreboardRoutesSchema } } },
    (request) => listScoreboardRoutes(db, { slug: request.params.slug, now: new Date(now()) }),
  );

  app.get(
    `${base}/games/:gameId/result`,
    {
      schema: {
        tags: ['scoreboards'],
        params: Slug.extend({ gameId: z.uuid() }),
        response: { 200: GameResultSchema },
      },
    },
    (request) =>
      loadGameResult(db, {
        slug: request.params.slug,
        gameId: request.params.gameId,
        now: new Date(now()),
      }),
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
    },
    async (request, reply) => {
      const address = request.ip;
      if ((streamsByAddress.get(address) ?? 0) >= MAX_STREAMS_PER_ADDRESS) {
        throw new AppError('rate_limited', 'Too many open scoreboard streams from this address');
      }
      // Errors (unknown tenant or route, unavailable tenant) still answer as JSON.
      const target = await targetOf(request.params.slug, request.query.route);
      const initial = await realtime.hub.read(target);
      streamsByAddress.set(address, (streamsByAddress.get(address) ?? 0) + 1);
      // Fastify does not log the end of a hijacked reply: the stream does.
      const { log } = request;
      const startedMs = Date.now();
      reply.raw.once('close', () => {
        const left = (streamsByAddress.get(address) ?? 1) - 1;
        if (left > 0) streamsByAddress.set(address, left);
        else streamsByAddress.delete(address);
        log.info({ responseTime: Date.now() - startedMs }, 'scoreboard stream closed');
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
