import {
  handoff,
  HandoffCodeSchema,
  RedeemHandoffRequestSchema,
  RedeemHandoffResponseSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ModuleDeps } from '../../../module-deps';
import { setPlayerCookie } from '../../access/player-cookie';
import { servesOn } from '../../access/serve';
import { RATE_LIMITS } from '../../limits/route-limits';
import { issueHandoffCode, redeemHandoffCode } from './handoff.service';

const tags = ['games'];

/** A game's id as its path gives it (checked only later, by the route's schema). */
const GAME_ID = /^[0-9a-f-]{36}$/i;

/**
 * The game a request names in its path, for a limit counted per game. The limit counts before
 * validation, so a path that is no game's id counts under none (its text, a NUL say, never
 * reaches the limits' table).
 */
function gameIdOf(request: FastifyRequest): string {
  const params = request.params;
  if (typeof params !== 'object' || params === null || !('gameId' in params)) return '';
  return typeof params.gameId === 'string' && GAME_ID.test(params.gameId) ? params.gameId : '';
}

/**
 * The routes of `handoff` (`@tappa/contracts`, decision 0066): the team's phone asks for a code
 * of its game (limited per game and address), another phone redeems it (per address) and is
 * given the team's cookie, the same one e-mail verification sets.
 */
export const handoffEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'access' | 'clock' | 'config'>
> = async (app, { db, access, clock, config }) => {
  const serve = servesOn(app, access);
  const secure = config.publicUrl.startsWith('https://');

  serve(
    handoff.issue,
    { response: HandoffCodeSchema },
    {
      tags,
      rateLimit: {
        ...RATE_LIMITS.handoffIssue,
        // Per game, and per address too: the limit counts before the guard, so a stranger who
        // knows a game's id (its result card's link shows it) cannot use up the team's codes.
        keyGenerator: (request) => `handoff-issue:${gameIdOf(request)}:${request.ip}`,
      },
    },
    ({ caller: { scope, email }, params }) =>
      issueHandoffCode({ db, now: clock.now() }, scope, { gameId: params.gameId, email }),
  );

  serve(
    handoff.redeem,
    { body: RedeemHandoffRequestSchema, response: RedeemHandoffResponseSchema },
    { tags, rateLimit: RATE_LIMITS.handoffRedeem },
    async ({ caller: { tenant, scope }, body, reply }) => {
      const { email, ...game } = await redeemHandoffCode(db, scope, {
        code: body.code,
        now: clock.now(),
      });
      setPlayerCookie(reply, { tenantId: tenant.id, email, secure });
      return game;
    },
  );
};
