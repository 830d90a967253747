import {
  review,
  ReviewDecisionRequestSchema,
  ReviewDecisionResultSchema,
  ReviewFilterSchema,
  ReviewItemSchema,
  ReviewItemsPageSchema,
  ReviewItemsQuerySchema,
  ReviewNextRequestSchema,
  ReviewNextSchema,
  ReviewPhotoQuerySchema,
  ReviewSummarySchema,
  ReviewUndoRequestSchema,
  WallQuerySchema,
  WallSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { EventStreams } from '../../infra/realtime';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { auditActor } from '../audit/audit.service';
import { MAX_STREAMS_PER_ADDRESS } from '../scoreboards/scoreboards.endpoints';
import { readReviewPhoto } from './review-photo';
import {
  claimNextItem,
  claimOne,
  decideItem,
  hidePhoto,
  readItems,
  readSummary,
  readWall,
  type ReviewOutcome,
  undoDecision,
} from './review.service';
import type { WallHub } from './wall-hub';

const tags = ['review'];

/**
 * The routes of `review` (`@tappa/contracts`, decision 0083): the queue, its claims and
 * decisions, an item's photo, and a route's photo wall with its event stream.
 */
export const reviewEndpoints: FastifyPluginAsync<
  Pick<
    ModuleDeps,
    | 'db'
    | 'access'
    | 'clock'
    | 'storage'
    | 'publishScoreboardChange'
    | 'publishLiveChange'
    | 'publishGameChange'
    | 'publishReviewChange'
  > & { walls: WallHub }
> = async (app, deps) => {
  const { db, access, clock, storage, walls } = deps;
  const serve = servesOn(app, access);
  const streams = new EventStreams({ maxPerAddress: MAX_STREAMS_PER_ADDRESS, clock });

  /** After the commit: the boards, the console, the team's phone and the route's wall. */
  const published = (tenantId: string, done: ReviewOutcome) => {
    const { outcome } = done;
    if (outcome.scoreboard) deps.publishScoreboardChange(tenantId, outcome.routeId);
    deps.publishLiveChange(tenantId, outcome.routeId, done.gameId);
    deps.publishGameChange(tenantId, done.gameId);
    deps.publishReviewChange(tenantId, outcome.routeId);
    return { item: done.item, pending: done.pending };
  };

  serve(
    review.summary,
    { query: ReviewFilterSchema, response: ReviewSummarySchema },
    { tags },
    ({ scope }) => readSummary(db, scope),
  );

  serve(
    review.next,
    { body: ReviewNextRequestSchema, response: ReviewNextSchema },
    { tags },
    ({ caller, scope, body }) =>
      claimNextItem(db, scope, {
        filter: { routeId: body.route, stepId: body.step },
        after: body.after ?? null,
        keep: body.keep ?? [],
        userId: caller.profile.id,
        now: clock.now(),
      }),
  );

  serve(
    review.items,
    { query: ReviewItemsQuerySchema, response: ReviewItemsPageSchema },
    { tags },
    ({ caller, scope, query }) =>
      readItems(db, scope, {
        filter: { routeId: query.route, stepId: query.step },
        status: query.status,
        cursor: query.cursor,
        userId: caller.profile.id,
        now: clock.now(),
      }),
  );

  serve(review.claim, { response: ReviewItemSchema }, { tags }, ({ caller, scope, params }) =>
    claimOne(db, scope, { itemId: params.itemId, userId: caller.profile.id, now: clock.now() }),
  );

  serve(
    review.decide,
    { body: ReviewDecisionRequestSchema, response: ReviewDecisionResultSchema },
    { tags },
    async ({ caller, scope, params, body, request }) => {
      const actor = auditActor(caller, request.ip);
      const done = await decideItem({ db, actor, now: clock.now() }, scope, {
        itemId: params.itemId,
        request: body,
      });
      return published(scope.tenantId, done);
    },
  );

  serve(
    review.undo,
    { body: ReviewUndoRequestSchema, response: ReviewDecisionResultSchema },
    { tags },
    async ({ caller, scope, params, body, request }) => {
      const actor = auditActor(caller, request.ip);
      const done = await undoDecision({ db, actor, now: clock.now() }, scope, {
        itemId: params.itemId,
        actionId: body.action_id,
      });
      return published(scope.tenantId, done);
    },
  );

  serve(
    review.photo,
    { query: ReviewPhotoQuerySchema },
    { tags },
    async ({ scope, params, query, reply }) => {
      const photo = await readReviewPhoto({ db, storage }, scope, {
        itemId: params.itemId,
        size: query.size,
      });
      return reply
        .type(photo.contentType)
        .header('cache-control', 'private, max-age=300')
        .send(photo.body);
    },
  );

  serve(
    review.wall,
    { query: WallQuerySchema, response: WallSchema },
    { tags },
    ({ scope, query }) => readWall(db, scope, query.route),
  );

  serve(
    review.wallStream,
    { query: WallQuerySchema },
    {
      tags,
      summary: `Server-Sent Events: 'wall' now and on every decision or photo hidden, ': ping' every 25 s`,
      produces: ['text/event-stream'],
    },
    async ({ scope, query, request, reply }) => {
      streams.admit(request);
      // The route is checked first: another tenant's answers as JSON.
      await readWall(db, scope, query.route);
      const target = { scope, routeId: query.route };
      return streams.open(request, reply, walls, target, await walls.read(target));
    },
  );

  serve(
    review.hide,
    { response: WallSchema },
    { tags },
    async ({ caller, scope, params, request }) => {
      const actor = auditActor(caller, request.ip);
      const wall = await hidePhoto({ db, actor, now: clock.now() }, scope, params.itemId);
      deps.publishReviewChange(scope.tenantId, wall.route.id);
      return wall;
    },
  );
};
