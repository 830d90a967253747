import {
  type FixRequest,
  FixRequestSchema,
  gameLocation,
  GameTrailSchema,
  live,
  LocationSharingRequestSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../../module-deps';
import type { TenantScope } from '../../../db/scope';
import { servesOn, socketsOn } from '../../access/serve';
import { createFixSockets } from './fix-socket';
import { createFixWriter } from './fix-writer';
import { readTrail, recordFix, requireFixTarget, setLocationSharing } from './fixes.service';

const tags = ['games'];

/**
 * `gameLocation.shareLocation`, `.fix` and `.fixSocket` (`@tappa/contracts`, decisions 0086 and
 * 0089): a team's answer to a route that asks for its position, and the fixes its phone sends
 * while it shares, one request each or over one kept-open socket. After the commit the
 * live console follows (a fix is a change of its game, coalesced by the console's hub like a
 * try); the team's other phones follow its answer.
 */
export const fixesEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'access' | 'clock' | 'config' | 'publishLiveChange' | 'publishGameChange'>
> = async (app, deps) => {
  const { db, access, clock } = deps;
  const serve = servesOn(app, access);
  const serveSocket = socketsOn(app, access);
  const writer = createFixWriter(db, { clock, gatherMs: deps.config.fixGatherMs });
  const fixSockets = createFixSockets({
    clock,
    log: app.log,
    withGroup: (read) => writer.readWithGroup(read),
  });

  /** Keeps one fix of the team's game; its route's console is told when it was written. */
  async function keepFix(
    target: { scope: TenantScope; gameId: string; email: string },
    fix: FixRequest,
  ) {
    const written = await recordFix(db, writer, target.scope, { ...target, fix, now: clock.now() });
    if (written) deps.publishLiveChange(target.scope.tenantId, written.routeId, target.gameId);
  }

  serve(
    gameLocation.shareLocation,
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
    gameLocation.fix,
    { body: FixRequestSchema },
    { tags },
    async ({ caller: { scope, email }, params, body }) => {
      await keepFix({ scope, gameId: params.gameId, email }, body);
      return undefined;
    },
  );

  serveSocket(
    gameLocation.fixSocket,
    { tags },
    {
      // Refused at the handshake as its first fix would be: the phone then sends none.
      accept: async ({ caller: { scope, email }, params }) => {
        const target = { scope, gameId: params.gameId, email };
        await requireFixTarget(db, scope, target);
        return target;
      },
      open: (socket, target) => fixSockets.open(socket, (fix) => keepFix(target, fix)),
    },
  );

  // The console's trail of a team, for the staff.
  serve(live.trail, { response: GameTrailSchema }, { tags: ['live'] }, ({ scope, params }) =>
    readTrail(db, scope, { gameId: params.gameId, now: clock.now() }),
  );
};
