import {
  FinishGameRequestSchema,
  GameResultSchema,
  gameResults,
  games,
  GameStateSchema,
  SkipStepRequestSchema,
  StartRouteResponseSchema,
  StepPhotoResponseSchema,
  SubmitAnswerRequestSchema,
  SubmitResultSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../errors';
import type { ModuleDeps } from '../../module-deps';
import { readMultipartForm } from '../../plugins/multipart';
import { MULTIPART, servesOn } from '../access/serve';
import { publishGameLive } from '../live/live.service';
import { loadGameState } from './game-state.service';
import type { GameTasks } from './games.tasks';
import { loadGameResult, pauseOwnGame, resumeOwnGame } from './games.service';
import { readStepPhoto, storeStepPhoto } from './photos.service';

const tags = ['games'];

/** The routes of `games` (`@tappa/contracts`): a team's game, decided by the server. */
export const gamesEndpoints: FastifyPluginAsync<
  Pick<
    ModuleDeps,
    | 'db'
    | 'access'
    | 'clock'
    | 'storage'
    | 'publishScoreboardChange'
    | 'publishLiveChange'
    | 'metrics'
  > & {
    /** Runs tries, skips and photos' writes next to the database (games.tasks.ts). */
    runTask: DatabaseHandle<GameTasks>['runTask'];
  }
> = async (
  app,
  { db, access, clock, storage, publishScoreboardChange, publishLiveChange, metrics, runTask },
) => {
  const serve = servesOn(app, access);

  serve(games.state, { response: GameStateSchema }, { tags }, ({ caller, params }) =>
    loadGameState({ db, storage }, caller.scope, {
      gameId: params.gameId,
      email: caller.email,
      now: clock.now(),
      retentionDays: caller.tenant.location_retention_days,
    }),
  );

  serve(
    games.submit,
    { body: SubmitAnswerRequestSchema, response: SubmitResultSchema },
    { tags },
    async ({ caller: { scope, email }, params, body, request }) => {
      const { result, routeId, after, isReplay } = await runTask('submitAnswer', [
        scope,
        { gameId: params.gameId, stepId: params.stepId, email, now: clock.now(), request: body },
      ]);
      if (!isReplay) metrics.tryDecided(result.outcome, request);
      // Committed: a correct answer or the end of time changed the scoreboard row.
      if (result.outcome !== 'wrong') publishScoreboardChange(scope.tenantId, routeId);
      // Right or wrong, the try is an event of the game: the live console follows it.
      publishLiveChange(scope.tenantId, routeId, params.gameId, after);
      return result;
    },
  );

  serve(
    games.skip,
    { body: SkipStepRequestSchema, response: SubmitResultSchema },
    { tags },
    async ({ caller: { scope, email }, params, body, request }) => {
      const { result, routeId, after, isReplay } = await runTask('skipStep', [
        scope,
        {
          gameId: params.gameId,
          stepId: params.stepId,
          email,
          now: clock.now(),
          submissionId: body.submission_id,
        },
      ]);
      if (!isReplay) metrics.tryDecided(result.outcome, request);
      publishScoreboardChange(scope.tenantId, routeId);
      publishLiveChange(scope.tenantId, routeId, params.gameId, after);
      return result;
    },
  );

  serve(
    games.finish,
    { body: FinishGameRequestSchema, response: SubmitResultSchema },
    { tags },
    async ({ caller: { scope, email }, params, body, request }) => {
      const { result, routeId, after, isReplay } = await runTask('finishExploration', [
        scope,
        { gameId: params.gameId, email, now: clock.now(), submissionId: body.submission_id },
      ]);
      if (!isReplay) metrics.tryDecided(result.outcome, request);
      publishScoreboardChange(scope.tenantId, routeId);
      publishLiveChange(scope.tenantId, routeId, params.gameId, after);
      return result;
    },
  );

  serve(
    games.photo,
    { body: MULTIPART, response: StepPhotoResponseSchema },
    { tags },
    async ({ caller: { scope, email }, params, request }) => {
      const form = await readMultipartForm(request, ['photo'], { dataRequired: false });
      const file = form.files.get('photo');
      if (!file) throw new AppError('photo_missing');
      const { gameId, stepId } = params;
      const target = await runTask('findPhotoTarget', [scope, { gameId, stepId, email }]);
      const now = clock.now();
      const url = await storeStepPhoto({ storage, now }, scope, {
        gameStepId: target.gameStepId,
        file,
      });
      await runTask('recordStepPhoto', [
        scope,
        { gameId, stepId, gameStepId: target.gameStepId, url, now },
      ]);
      publishLiveChange(scope.tenantId, target.routeId, gameId);
      return { photo_url: url };
    },
  );

  serve(games.readPhoto, {}, { tags }, async ({ caller, params, reply }) => {
    const file = await readStepPhoto({ db, storage }, caller.scope, {
      gameStepId: params.gameStepId,
      viewer: { teamEmail: caller.teamEmail, isStaff: caller.isStaff },
    });
    return reply
      .type(file.contentType)
      .header('cache-control', 'private, max-age=300')
      .send(file.body);
  });

  serve(
    games.resume,
    { response: StartRouteResponseSchema },
    { tags },
    async ({ caller, params }) => {
      const resumed = await resumeOwnGame(db, caller.scope, {
        gameId: params.gameId,
        email: caller.email,
        now: clock.now(),
      });
      await publishGameLive(db, caller.scope, params.gameId, publishLiveChange);
      return resumed;
    },
  );

  serve(games.pause, {}, { tags }, async ({ caller, params }) => {
    await pauseOwnGame(db, caller.scope, {
      gameId: params.gameId,
      email: caller.email,
      now: clock.now(),
    });
    await publishGameLive(db, caller.scope, params.gameId, publishLiveChange);
    return undefined;
  });

  serve(gameResults.read, { response: GameResultSchema }, { tags }, ({ scope, params }) =>
    loadGameResult(db, scope, params.gameId),
  );
};
