import { AlbumSummarySchema, gameAlbum, routeAlbum } from '@tappa/contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { TenantScope } from '../../../db/scope';
import { attachment } from '../../../infra/content-disposition';
import type { ModuleDeps } from '../../../module-deps';
import { servesOn } from '../../access/serve';
import {
  type Album,
  planRouteAlbum,
  planTeamAlbum,
  summarizeAlbum,
  writeAlbum,
} from './album.service';

const tags = ['games'];

/**
 * The routes of `routeAlbum` and `gameAlbum` (`@tappa/contracts`, decision 0082): a route's photo
 * album for its staff and a team's own, each a summary and the ZIP itself.
 */
export const albumEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'access' | 'clock' | 'storage'>
> = async (app, { db, access, clock, storage }) => {
  const serve = servesOn(app, access);
  const depsOf = (reply: FastifyReply) => ({ db, storage, logger: reply.log, now: clock.now() });

  /** Sends the album's ZIP as it is written: no length known ahead, never compressed again. */
  const sendZip = (reply: FastifyReply, scope: TenantScope, album: Album, timeZone: string) =>
    reply
      .type('application/zip')
      .header('content-disposition', attachment(album.fileName))
      .header('cache-control', 'private, no-store')
      .send(writeAlbum({ storage, logger: reply.log }, scope, { album, timeZone }));

  serve(
    routeAlbum.summary,
    { response: AlbumSummarySchema },
    { tags },
    async ({ scope, params, reply }) =>
      summarizeAlbum(await planRouteAlbum(depsOf(reply), scope, params.routeId)),
  );

  serve(
    routeAlbum.zip,
    {},
    { tags, summary: "A route's photos as a ZIP, a folder per team", compress: false },
    async ({ caller, params, reply }) => {
      const album = await planRouteAlbum(depsOf(reply), caller.scope, params.routeId);
      return sendZip(reply, caller.scope, album, caller.tenant.time_zone);
    },
  );

  serve(
    gameAlbum.summary,
    { response: AlbumSummarySchema },
    { tags },
    async ({ caller, params, reply }) =>
      summarizeAlbum(
        await planTeamAlbum(depsOf(reply), caller.scope, {
          gameId: params.gameId,
          email: caller.email,
        }),
      ),
  );

  serve(
    gameAlbum.zip,
    {},
    { tags, summary: "The team's own photos of its game as a ZIP", compress: false },
    async ({ caller, params, reply }) => {
      const album = await planTeamAlbum(depsOf(reply), caller.scope, {
        gameId: params.gameId,
        email: caller.email,
      });
      return sendZip(reply, caller.scope, album, caller.tenant.time_zone);
    },
  );
};
