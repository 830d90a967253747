import {
  FixRequestSchema,
  games,
  GameTrailSchema,
  live,
  LocationSharingRequestSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../../module-deps';
import { servesOn } from '../../access/serve';
import { createFixWriter } from './fix-writer';
import { readTrail, recordFix, setLocationSharing } from './fixes.service';

const tags = ['games'];

/**
 * `games.shareLocation` and `games.fix` (`@tappa/contracts`, decision 0086): a team's answer to
 * a route that asks for its position, and the fixes its phone sends while it shares. After the
 * commit the live console follows (a fix is a change of its game, coalesced by the console's
 * hub like a try); the team's other phones follow its answer.
 */
export const fixesEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'access' | 'clock' | 'config' | 'publishLiveChange' | 'publishGameChange'>
> = async (app, deps) => {
  const { db, access, clock } = deps;
  const serve = servesOn(app, access);
  const writer = createFixWriter(db, { clock, gatherMs: deps.config.fixGatherMs });

  serve(
    games.shareLocation,
    { body: LocationSharingRequestSchema, response: LocationSharingRequestSchema },
    { tags },
    async ({ caller: { scope, email }, params, body }) => {
      const { gameId } = params;
      const { routeId } = await setLocationSharing(db, scope, {
        gameId,
        email,
        sharing: body.sharing,
        now: clock.now(),
      });
      deps.publishLiveChange(scope.tenantId, routeId, gameId);
      deps.publishGameChange(scope.tenantId, gameId);
      return { sharing: body.sharing };
    },
  );

  serve(
    games.fix,
    { body: FixRequestSchema },
    { tags },
    async ({ caller: { scope, email }, params, body }) => {
      const written = await recordFix(db, writer, scope, {
        gameId: params.gameId,
        email,
        fix: body,
        now: clock.now(),
      });
      if (written) deps.publishLiveChange(scope.tenantId, written.routeId, params.gameId);
      return undefined;
    },
  );

  // The console's trail of a team, for the staff.
  serve(live.trail, { response: GameTrailSchema }, { tags: ['live'] }, ({ scope, params }) =>
    readTrail(db, scope, { gameId: params.gameId, now: clock.now() }),
  );
};
