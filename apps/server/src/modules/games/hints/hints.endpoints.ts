import { games, TakeHintRequestSchema, TakeHintResultSchema } from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../../module-deps';
import { servesOn } from '../../access/serve';
import { takeHint } from './hints.service';

const tags = ['games'];

/**
 * `games.takeHint` (`@tappa/contracts`, decision 0085): the team takes one of a step's hints.
 * After the commit of a new take: the scoreboards (when it cost points), the live console and
 * the team's phones (its `hint` event, as a staff action's).
 */
export const hintsEndpoints: FastifyPluginAsync<
  Pick<
    ModuleDeps,
    | 'db'
    | 'access'
    | 'clock'
    | 'publishScoreboardChange'
    | 'publishLiveChange'
    | 'publishGameChange'
  >
> = async (app, deps) => {
  const { db, access, clock } = deps;
  const serve = servesOn(app, access);

  serve(
    games.takeHint,
    { body: TakeHintRequestSchema, response: TakeHintResultSchema },
    { tags },
    async ({ caller: { scope, email }, params, body }) => {
      const { gameId, stepId } = params;
      const taken = await takeHint({ db, now: clock.now() }, scope, {
        gameId,
        stepId,
        email,
        index: body.index,
      });
      if (taken.isNew) {
        if (taken.isScoreChanged) deps.publishScoreboardChange(scope.tenantId, taken.routeId);
        deps.publishLiveChange(scope.tenantId, taken.routeId, gameId);
        deps.publishGameChange(scope.tenantId, gameId);
      }
      return taken.result;
    },
  );
};
