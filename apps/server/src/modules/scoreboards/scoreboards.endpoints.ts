import {
  RankingsQuerySchema,
  RankingsSchema,
  ScoreboardRoutesSchema,
  scoreboards,
} from '@tappa/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { EventStreams } from '../../infra/realtime';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import type { RankingsHub } from './rankings-hub';
import { listScoreboardRoutes, resolveRankingTarget } from './scoreboards.service';

/**
 * Open event streams one address may hold: generous, since the phones at an event often share
 * the venue's address, but one client cannot hold thousands of connections open.
 */
export const MAX_STREAMS_PER_ADDRESS = 200;

const tags = ['scoreboards'];

/** Answers a JSON text that was serialized (and checked against its schema) once, in the hub. */
function sendJson(reply: FastifyReply, json: string) {
  return reply
    .type('application/json; charset=utf-8')
    .header('cache-control', 'no-cache')
    .send(json);
}

/**
 * The public routes of `scoreboards` (`@tappa/contracts`): rankings, the route filter, and the
 * rankings as Server-Sent Events, all from the rankings hub.
 */
export const scoreboardsEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'access' | 'clock'> & { rankings: RankingsHub }
> = async (app, { db, access, clock, rankings }) => {
  const serve = servesOn(app, access);
  const streams = new EventStreams({ maxPerAddress: MAX_STREAMS_PER_ADDRESS, clock });

  serve(
    scoreboards.rankings,
    { query: RankingsQuerySchema, response: RankingsSchema },
    { tags },
    async ({ caller, query, reply }) => {
      const target = await resolveRankingTarget(db, rankings, caller, query.route || null);
      return sendJson(reply, (await rankings.read(target)).json);
    },
  );

  serve(scoreboards.routes, { response: ScoreboardRoutesSchema }, { tags }, ({ scope }) =>
    listScoreboardRoutes(db, scope),
  );

  serve(
    scoreboards.stream,
    { query: RankingsQuerySchema },
    {
      tags,
      summary: `Server-Sent Events: 'rankings' now and on every change, ': ping' every 25 s`,
      produces: ['text/event-stream'],
    },
    async ({ caller, query, request, reply }) => {
      streams.admit(request);
      // Errors (an unknown route) still answer as JSON.
      const target = await resolveRankingTarget(db, rankings, caller, query.route || null);
      return streams.open(request, reply, rankings, target, await rankings.read(target));
    },
  );
};
