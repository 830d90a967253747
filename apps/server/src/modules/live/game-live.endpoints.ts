import { gameLive, GameLiveSchema } from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors';
import { EventStreams } from '../../infra/realtime';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { MAX_STREAMS_PER_ADDRESS } from '../scoreboards/scoreboards.endpoints';
import type { GameLiveHub } from './live-hub';
import { isOwnGame } from './live.repository';
import { type GameLiveTarget, readGameLive } from './live.service';

const tags = ['games'];

/**
 * The team's side of `gameLive` served here (decision 0070): its own game's live state, read or
 * pushed from the phone hub. Another team's game is 404 `game_not_found`, as `games.state`.
 */
export const gameLiveEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'access' | 'clock'> & { hub: GameLiveHub }
> = async (app, { db, access, clock, hub }) => {
  const serve = servesOn(app, access);
  const streams = new EventStreams({ maxPerAddress: MAX_STREAMS_PER_ADDRESS, clock });

  async function ownTarget(
    caller: { scope: GameLiveTarget['scope']; email: string },
    gameId: string,
  ): Promise<GameLiveTarget> {
    if (!(await isOwnGame(db, caller.scope, { gameId, email: caller.email }))) {
      throw new AppError('game_not_found');
    }
    return { scope: caller.scope, gameId };
  }

  // The poll while the stream is down: one statement, the team's own game only; not through the
  // hub, whose entries live as long as a stream.
  serve(gameLive.read, { response: GameLiveSchema }, { tags }, ({ caller, params }) =>
    readGameLive(db, { scope: caller.scope, gameId: params.gameId }, caller.email),
  );

  serve(
    gameLive.stream,
    {},
    {
      tags,
      summary: `Server-Sent Events: 'game' now and on every staff action, ': ping' every 25 s`,
      produces: ['text/event-stream'],
    },
    async ({ caller, params, request, reply }) => {
      streams.admit(request);
      const target = await ownTarget(caller, params.gameId);
      return streams.open(request, reply, hub, target, await hub.read(target));
    },
  );
};
