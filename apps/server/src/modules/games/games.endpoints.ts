import {
  FinishGameRequestSchema,
  GameResultSchema,
  GameStateSchema,
  SkipStepRequestSchema,
  StartRouteResponseSchema,
  SubmitAnswerRequestSchema,
  SubmitResultSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../errors';
import type { ModuleDeps } from '../../module-deps';
import { readMultipartForm } from '../../plugins/multipart';
import { loadGameState } from './game-state.service';
import type { GameTasks } from './games.tasks';
import { loadGameResult, pauseOwnGame, resumeOwnGame } from './games.service';
import { readStepPhoto, uploadStepPhoto } from './photos.service';

const GameParams = z.object({ slug: z.string(), gameId: z.uuid() });
const StepParams = GameParams.extend({ stepId: z.uuid() });

/**
 * A team's game, decided by the server (ARCHITECTURE §5): its state, tries, skips and photos,
 * the end of an exploration route, Stop and 'Riprendi', and its result card.
 */
export const gamesEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'access' | 'clock' | 'storage' | 'publishScoreboardChange'> & {
    /** Runs tries and skips next to the database (games.tasks.ts). */
    runTask: DatabaseHandle<GameTasks>['runTask'];
  }
> = async (app, { db, access, clock, storage, publishScoreboardChange, runTask }) => {
  const base = '/api/play/:slug/games/:gameId';

  app.get(
    base,
    {
      schema: { tags: ['games'], params: GameParams, response: { 200: GameStateSchema } },
      config: { access: 'player' },
    },
    async (request) => {
      const { scope, email } = await access.requirePlayer(request, request.params.slug);
      return loadGameState({ db, storage }, scope, {
        gameId: request.params.gameId,
        email,
        now: clock.now(),
      });
    },
  );

  app.post(
    `${base}/steps/:stepId/submit`,
    {
      schema: {
        tags: ['games'],
        params: StepParams,
        body: SubmitAnswerRequestSchema,
        response: { 200: SubmitResultSchema },
      },
      config: { access: 'player' },
    },
    async (request) => {
      const { scope, email } = await access.requirePlayer(request, request.params.slug);
      const { result, routeId } = await runTask('submitAnswer', [
        scope,
        {
          gameId: request.params.gameId,
          stepId: request.params.stepId,
          email,
          now: clock.now(),
          request: request.body,
        },
      ]);
      // Committed: a correct answer or the end of time changed the scoreboard row.
      if (result.outcome !== 'wrong') publishScoreboardChange(scope.tenantId, routeId);
      return result;
    },
  );

  app.post(
    `${base}/steps/:stepId/skip`,
    {
      schema: {
        tags: ['games'],
        params: StepParams,
        body: SkipStepRequestSchema,
        response: { 200: SubmitResultSchema },
      },
      config: { access: 'player' },
    },
    async (request) => {
      const { scope, email } = await access.requirePlayer(request, request.params.slug);
      const { result, routeId } = await runTask('skipStep', [
        scope,
        {
          gameId: request.params.gameId,
          stepId: request.params.stepId,
          email,
          now: clock.now(),
          submissionId: request.body.submission_id,
        },
      ]);
      publishScoreboardChange(scope.tenantId, routeId);
      return result;
    },
  );

  app.post(
    `${base}/finish`,
    {
      schema: {
        tags: ['games'],
        params: GameParams,
        body: FinishGameRequestSchema,
        response: { 200: SubmitResultSchema },
      },
      config: { access: 'player' },
    },
    async (request) => {
      const { scope, email } = await access.requirePlayer(request, request.params.slug);
      const { result, routeId } = await runTask('finishExploration', [
        scope,
        {
          gameId: request.params.gameId,
          email,
          now: clock.now(),
          submissionId: request.body.submission_id,
        },
      ]);
      publishScoreboardChange(scope.tenantId, routeId);
      return result;
    },
  );

  app.post(
    `${base}/steps/:stepId/photo`,
    {
      schema: {
        tags: ['games'],
        params: StepParams,
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ photo_url: z.string() }) },
      },
      config: { access: 'player' },
    },
    async (request) => {
      const { scope, email } = await access.requirePlayer(request, request.params.slug);
      const form = await readMultipartForm(request, ['photo'], { dataRequired: false });
      const file = form.files.get('photo');
      if (!file) throw new AppError('photo_missing');
      return uploadStepPhoto({ db, storage, now: clock.now() }, scope, {
        gameId: request.params.gameId,
        stepId: request.params.stepId,
        email,
        file,
      });
    },
  );

  app.get(
    '/api/play/:slug/photos/:gameStepId',
    {
      schema: { tags: ['games'], params: z.object({ slug: z.string(), gameStepId: z.uuid() }) },
      config: { access: 'team-or-staff' },
    },
    async (request, reply) => {
      const { scope, teamEmail, isStaff } = await access.readTenantViewer(
        request,
        request.params.slug,
      );
      const file = await readStepPhoto({ db, storage }, scope, {
        gameStepId: request.params.gameStepId,
        viewer: { teamEmail, isStaff },
      });
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, max-age=300')
        .send(file.body);
    },
  );

  app.post(
    `${base}/resume`,
    {
      schema: { tags: ['games'], params: GameParams, response: { 200: StartRouteResponseSchema } },
      config: { access: 'player' },
    },
    async (request) => {
      const { scope, email } = await access.requirePlayer(request, request.params.slug);
      return resumeOwnGame(db, scope, { gameId: request.params.gameId, email, now: clock.now() });
    },
  );

  app.post(
    `${base}/pause`,
    { schema: { tags: ['games'], params: GameParams }, config: { access: 'player' } },
    async (request, reply) => {
      const { scope, email } = await access.requirePlayer(request, request.params.slug);
      await pauseOwnGame(db, scope, { gameId: request.params.gameId, email, now: clock.now() });
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/public/tenants/:slug/games/:gameId/result',
    {
      schema: { tags: ['games'], params: GameParams, response: { 200: GameResultSchema } },
      config: { access: 'public-tenant' },
    },
    async (request) => {
      const { scope } = await access.requirePlayableTenant(request.params.slug);
      return loadGameResult(db, scope, request.params.gameId);
    },
  );
};
