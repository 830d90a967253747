import {
  GameStateSchema,
  SkipStepRequestSchema,
  SubmitAnswerRequestSchema,
  SubmitResultSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database, DatabaseHandle } from '../../db/client';
import { AppError } from '../../errors';
import type { StorageDriver } from '../../infra/storage/storage';
import { readMultipartForm } from '../../plugins/multipart';
import { WindowCounter } from '../../plugins/rate-limit';
import { readPlayerEmail } from '../play/player-cookie';
import { requirePlayableTenant } from '../play/player.service';
import type { ScoreboardRealtime } from '../scoreboards/scoreboard-realtime';
import { loadGameState } from './game-state.service';
import { readStepPhoto, uploadStepPhoto } from './photos.service';

const GameParams = z.object({ slug: z.string(), gameId: z.uuid() });
const StepParams = GameParams.extend({ stepId: z.uuid() });

/** Wrong tries allowed per game step and minute, so answers cannot be guessed by brute force. */
const WRONG_TRIES_PER_MINUTE = 10;

/** The game screen's API: state, tries and skips, decided by the server (ARCHITECTURE §5). */
export const gameplayEndpoints: FastifyPluginAsyncZod<{
  db: Database;
  /** Runs tries and skips next to the database (`submitAnswer`, `skipStep`; thread-tasks.ts). */
  runTask: DatabaseHandle['runTask'];
  storage: StorageDriver;
  scoreboards: Pick<ScoreboardRealtime, 'publish'>;
  now?: () => number;
}> = async (app, { db, runTask, storage, scoreboards, now = Date.now }) => {
  const wrongTries = new WindowCounter({ windowMs: 60_000, max: WRONG_TRIES_PER_MINUTE, now });
  const teamOf = async (request: Parameters<typeof readPlayerEmail>[0], slug: string) => {
    const { tenant, scope } = await requirePlayableTenant(db, slug, new Date(now()));
    const email = readPlayerEmail(request, tenant.id);
    if (!email) throw new AppError('unauthenticated', 'Sessione non valida');
    return { scope, email };
  };

  app.get(
    '/api/play/:slug/games/:gameId',
    { schema: { tags: ['gameplay'], params: GameParams, response: { 200: GameStateSchema } } },
    async (request) => {
      const { scope, email } = await teamOf(request, request.params.slug);
      return loadGameState({ db, storage }, scope, {
        gameId: request.params.gameId,
        email,
        now: new Date(now()),
      });
    },
  );

  app.post(
    '/api/play/:slug/games/:gameId/steps/:stepId/submit',
    {
      schema: {
        tags: ['gameplay'],
        params: StepParams,
        body: SubmitAnswerRequestSchema,
        response: { 200: SubmitResultSchema },
      },
    },
    async (request) => {
      const { scope, email } = await teamOf(request, request.params.slug);
      const key = `${request.params.gameId}:${request.params.stepId}`;
      if (wrongTries.isLimited(key)) {
        throw new AppError('rate_limited', 'Troppi tentativi: riprova tra un minuto');
      }
      const { result, routeId } = await runTask('submitAnswer', [
        scope,
        {
          gameId: request.params.gameId,
          stepId: request.params.stepId,
          email,
          now: new Date(now()),
          request: request.body,
        },
      ]);
      if (result.outcome === 'wrong') wrongTries.hit(key);
      // Committed: a correct answer or the end of time changed the scoreboard row.
      else scoreboards.publish(scope.tenantId, routeId);
      return result;
    },
  );

  app.post(
    '/api/play/:slug/games/:gameId/steps/:stepId/skip',
    {
      schema: {
        tags: ['gameplay'],
        params: StepParams,
        body: SkipStepRequestSchema,
        response: { 200: SubmitResultSchema },
      },
    },
    async (request) => {
      const { scope, email } = await teamOf(request, request.params.slug);
      const { result, routeId } = await runTask('skipStep', [
        scope,
        {
          gameId: request.params.gameId,
          stepId: request.params.stepId,
          email,
          now: new Date(now()),
          submissionId: request.body.submission_id,
        },
      ]);
      scoreboards.publish(scope.tenantId, routeId);
      return result;
    },
  );

  app.post(
    '/api/play/:slug/games/:gameId/steps/:stepId/photo',
    {
      schema: {
        tags: ['gameplay'],
        params: StepParams,
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ photo_url: z.string() }) },
      },
    },
    async (request) => {
      const { scope, email } = await teamOf(request, request.params.slug);
      const form = await readMultipartForm(request, ['photo'], { dataRequired: false });
      const file = form.files.get('photo');
      if (!file) throw new AppError('bad_request', 'Scatta una foto');
      return uploadStepPhoto({ db, storage, now: new Date(now()) }, scope, {
        gameId: request.params.gameId,
        stepId: request.params.stepId,
        email,
        file,
      });
    },
  );

  app.get(
    '/api/photos/:gameStepId',
    { schema: { tags: ['gameplay'], params: z.object({ gameStepId: z.uuid() }) } },
    async (request, reply) => {
      const file = await readStepPhoto({ db, storage }, request, request.params.gameStepId);
      return reply
        .type(file.contentType)
        .header('cache-control', 'private, max-age=300')
        .send(file.body);
    },
  );
};
