import { gameResults, TeamResultsSchema } from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../../module-deps';
import { servesOn } from '../../access/serve';
import { readTeamResults } from './results.service';

const tags = ['games'];

/** The route of `gameResults.own` (decision 0088): 'I nostri risultati', the team's own game. */
export const resultsEndpoints: FastifyPluginAsync<Pick<ModuleDeps, 'db' | 'access'>> = async (
  app,
  { db, access },
) => {
  const serve = servesOn(app, access);

  serve(gameResults.own, { response: TeamResultsSchema }, { tags }, ({ caller, params }) =>
    readTeamResults(db, caller.scope, { gameId: params.gameId, email: caller.email }),
  );
};
