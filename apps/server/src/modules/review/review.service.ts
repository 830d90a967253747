import {
  review,
  type ReviewDecisionRequest,
  type ReviewItem,
  type ReviewItemsPage,
  type ReviewNext,
  type ReviewSummary,
  urlOf,
  type Wall,
  WALL_SIZE,
} from '@tappa/contracts';
import {
  maxStepPoints,
  REVIEW_CLAIM_MS,
  reviewLedgerPoints,
  reviewStatusOf,
  type ScoringConfig,
} from '@tappa/domain';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import {
  type ActionOutcome,
  doneCount,
  findGameEvent,
  heartbeatOf,
  type LedgerDeps,
  runAction,
  staffEvent,
} from '../ledger/staff-action';
import { requireRoute } from '../routes/routes.service';
import { recordAudit } from '../audit/audit.service';
import {
  claimItem,
  claimNext,
  countPending,
  findItem,
  hasPendingRetake,
  hideItem,
  type ItemFilter,
  listItems,
  listReviewSteps,
  listWall,
  recordDecision,
  releaseClaims,
  reopenItem,
  type ReviewItemRow,
} from './review-items.repository';

// Photo review (issue 34, decision 0083): the queue a judge works through one item at a time,
// claimed while it looks at it, and its decisions written to the score ledger as `review` events
// through the staff actions' transaction (`runAction`): a rejection reopens the step for a
// retake, an undo compensates the decision while the team has not acted on it.

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Where a judge's page reads an item's photo: the phone-sized variant first. */
const photoUrlOf = (scope: TenantScope, itemId: string) =>
  `${urlOf(review.photo, { slug: scope.slug, itemId })}?size=phone`;

/** An item as a judge (`userId`) sees it at `now`. */
function presentItem(
  scope: TenantScope,
  row: ReviewItemRow,
  opts: { userId: string; now: Date },
): ReviewItem {
  return {
    id: row.id,
    game_id: row.game_id,
    team_name: row.team_name,
    route: { id: row.route_id, title: row.route_title },
    step: { id: row.step_id, number: row.step_number, place: row.place, task: row.task },
    kind: row.kind,
    photo_url: row.kind === 'photo' ? photoUrlOf(scope, row.id) : null,
    answer: row.answer,
    example_answer: row.kind === 'text' ? row.check_answer : null,
    provisional_points: row.provisional_points,
    max_points: maxStepPoints(row.route_type, row.scoring as ScoringConfig | null),
    status: row.status,
    decided_points: row.decided_points,
    reason: row.reason,
    decided_by_email: row.decided_by_email,
    decided_at: iso(row.decided_at_ms),
    claimed_by_me:
      row.claimed_by_user_id === opts.userId &&
      row.claim_expires_ms !== null &&
      row.claim_expires_ms > opts.now.getTime(),
    created_at: new Date(row.created_ms).toISOString(),
  };
}

/** The tenant's item `itemId` as `userId` sees it (404 when there is none). */
async function readItem(
  db: Db,
  scope: TenantScope,
  opts: { itemId: string; userId: string; now: Date },
): Promise<ReviewItem> {
  const row = await findItem(db, scope, opts.itemId);
  if (!row) throw new AppError('review_item_not_found');
  return presentItem(scope, row, opts);
}

const claimUntil = (now: Date) => new Date(now.getTime() + REVIEW_CLAIM_MS);

/** `review.summary`: the tenant's steps under review by route, with what waits. */
export async function readSummary(db: Db, scope: TenantScope): Promise<ReviewSummary> {
  const rows = await listReviewSteps(db, scope);
  const routes = new Map<string, ReviewSummary['routes'][number]>();
  for (const row of rows) {
    let route = routes.get(row.route_id);
    if (!route) {
      route = { id: row.route_id, title: row.route_title, pending: 0, steps: [] };
      routes.set(row.route_id, route);
    }
    route.pending += row.pending;
    route.steps.push({
      id: row.step_id,
      number: row.step_number,
      place: row.place,
      pending: row.pending,
    });
  }
  const list = [...routes.values()];
  return { pending: list.reduce((sum, route) => sum + route.pending, 0), routes: list };
}

/** How many times `next` tries again when another judge took the item it chose meanwhile. */
const CLAIM_ROUNDS = 5;

/**
 * `review.next`: the caller's claims end but those on `after` and `keep` (renewed), and the next
 * free item of the filter after `after`, not one of `keep`, is claimed for the caller (null when
 * none is free).
 */
export async function claimNextItem(
  db: Db,
  scope: TenantScope,
  opts: {
    filter: ItemFilter;
    after: string | null;
    keep: readonly string[];
    userId: string;
    now: Date;
  },
): Promise<ReviewNext> {
  const { userId, now } = opts;
  const expiresAt = claimUntil(now);
  const kept = opts.after ? [opts.after, ...opts.keep] : opts.keep;
  await releaseClaims(db, scope, { userId, keep: kept, expiresAt });
  let id: string | null = null;
  for (let round = 0; round < CLAIM_ROUNDS && id === null; round++) {
    id = await claimNext(db, scope, {
      ...opts.filter,
      userId,
      after: opts.after,
      skip: opts.keep,
      now,
      expiresAt,
    });
    // Nothing claimed: none free, or (PostgreSQL) the one chosen was claimed as it was locked.
    if (id === null && (await countPending(db, scope, opts.filter)) === 0) break;
  }
  return {
    item: id === null ? null : await readItem(db, scope, { itemId: id, userId, now }),
    pending: await countPending(db, scope, opts.filter),
  };
}

/** `review.claim`: a pending item claimed for the caller (409 when another judge holds it). */
export async function claimOne(
  db: Db,
  scope: TenantScope,
  opts: { itemId: string; userId: string; now: Date },
): Promise<ReviewItem> {
  const item = await readItem(db, scope, opts);
  if (item.status !== 'pending') return item;
  const claimed = await claimItem(db, scope, { ...opts, expiresAt: claimUntil(opts.now) });
  if (!claimed) throw new AppError('review_claimed');
  return readItem(db, scope, opts);
}

/** A page's size of `review.items`. */
const PAGE_SIZE = 50;

const cursorOf = (atMs: number | null, id: string) => `${atMs ?? 0}.${id}`;

function parseCursor(cursor: string | undefined): { atMs: number; id: string } | null {
  if (cursor === undefined) return null;
  const match = /^(\d+)\.([0-9a-f-]{36})$/.exec(cursor);
  if (!match) throw new AppError('bad_request');
  return { atMs: Number(match[1]), id: match[2]! };
}

/** `review.items`: pending items oldest first or decided ones newest first, paged. */
export async function readItems(
  db: Db,
  scope: TenantScope,
  opts: {
    filter: ItemFilter;
    status: 'pending' | 'decided';
    cursor?: string;
    userId: string;
    now: Date;
  },
): Promise<ReviewItemsPage> {
  const rows = await listItems(db, scope, {
    ...opts.filter,
    status: opts.status,
    after: parseCursor(opts.cursor),
    limit: PAGE_SIZE,
  });
  const last = rows.length === PAGE_SIZE ? rows[rows.length - 1] : undefined;
  return {
    items: rows.map((row) => presentItem(scope, row, opts)),
    next_cursor: last
      ? cursorOf(opts.status === 'pending' ? last.created_ms : last.decided_at_ms, last.id)
      : null,
  };
}

/** A decision or undo done: its outcome (published by the endpoint) and the item now. */
export interface ReviewOutcome {
  outcome: ActionOutcome;
  gameId: string;
  item: ReviewItem;
  pending: number;
}

async function afterAction(
  deps: LedgerDeps,
  scope: TenantScope,
  opts: { itemId: string; gameId: string; outcome: ActionOutcome },
): Promise<ReviewOutcome> {
  const { userId } = deps.actor;
  return {
    outcome: opts.outcome,
    gameId: opts.gameId,
    item: await readItem(deps.db, scope, { itemId: opts.itemId, userId, now: deps.now }),
    pending: await countPending(deps.db, scope),
  };
}

/** The game of the tenant's item (404 when there is no such item). */
async function gameOfItem(db: Db, scope: TenantScope, itemId: string): Promise<string> {
  const row = await findItem(db, scope, itemId);
  if (!row) throw new AppError('review_item_not_found');
  return row.game_id;
}

/**
 * `review.decide`: approve, reject or points on an item the caller holds (or nobody holds), as a
 * `review` event of the ledger with its audit entry; a rejection reopens the step for a retake
 * unless the game is over. Allowed on a completed game: only the points change then.
 */
export async function decideItem(
  deps: LedgerDeps,
  scope: TenantScope,
  opts: { itemId: string; request: ReviewDecisionRequest },
): Promise<ReviewOutcome> {
  const { request, itemId } = opts;
  const { userId } = deps.actor;
  const gameId = await gameOfItem(deps.db, scope, itemId);
  const actionOpts = { gameId, actionId: request.action_id, allowCompleted: true };
  const outcome = await runAction(deps, scope, actionOpts, async ({ tx, game, steps }) => {
    const item = await findItem(tx, scope, itemId, { lock: true });
    if (item?.game_id !== gameId) throw new AppError('review_item_not_found');
    if (item.status !== 'pending') throw new AppError('review_decided');
    const heldByOther =
      item.claimed_by_user_id !== null &&
      item.claimed_by_user_id !== userId &&
      (item.claim_expires_ms ?? 0) > deps.now.getTime();
    if (heldByOther) throw new AppError('review_claimed');
    const max = maxStepPoints(item.route_type, item.scoring as ScoringConfig | null);
    const given = request.decision === 'points' ? (request.points ?? 0) : null;
    if (given !== null && given > max) throw new AppError('review_points_too_many', { max });
    const provisional = item.provisional_points;
    const points = reviewLedgerPoints({
      decision: request.decision,
      provisional,
      points: given ?? 0,
    });
    const decided =
      request.decision === 'approve' ? provisional : request.decision === 'reject' ? 0 : given!;
    const index = steps.findIndex((s) => s.gameStep.id === item.game_step_id);
    const gameStep = steps[index]?.gameStep;
    if (!gameStep) throw new AppError('review_item_not_found');
    const reopened =
      request.decision === 'reject' && game.game.status !== 'completed' && gameStep.status === 'ok';
    const reason = request.reason?.trim() || null;
    const event = staffEvent(deps, {
      actionId: request.action_id,
      kind: 'review',
      points,
      reason,
      stepId: item.step_id,
      details: {
        decision: request.decision,
        item_kind: item.kind,
        step_number: index + 1,
        step_index: index,
        reopened,
        decided_points: decided,
        // What an undo puts back (decision 0083).
        ended_ms: gameStep.ended_ms,
        previous_step_index: game.game.current_step_index,
      },
    });
    return {
      write: {
        set:
          reopened && game.route.route_type === 'progressive' ? { current_step_index: index } : {},
        scoreDelta: points,
        events: [event],
        heartbeat: heartbeatOf(game, steps, doneCount(steps) - (reopened ? 1 : 0)),
      },
      writeSteps: reopened ? (w) => w.reopen(gameStep.id, { clearPhoto: true }) : undefined,
      afterWrite: (db, eventId) =>
        recordDecision(db, scope, {
          itemId,
          status: reviewStatusOf(request.decision),
          points: decided,
          reason,
          actor: deps.actor,
          eventId,
          now: deps.now,
        }),
      scoreboard: points !== 0 || reopened,
      audit: {
        action: 'review.decide',
        details: {
          decision: request.decision,
          points: String(decided),
          step: String(index + 1),
          ...(reason === null ? {} : { reason }),
        },
      },
    };
  });
  return afterAction(deps, scope, { itemId, gameId, outcome });
}

/**
 * `review.undo`: compensates the item's decision with an `undo` event and makes it pending again,
 * claimed by the caller; a rejection's reopened step is solved again as it was, unless the team
 * has already acted on it (a new photo, a retake, a skip): then 409 `review_undo_too_late`.
 */
export async function undoDecision(
  deps: LedgerDeps,
  scope: TenantScope,
  opts: { itemId: string; actionId: string },
): Promise<ReviewOutcome> {
  const { itemId } = opts;
  const gameId = await gameOfItem(deps.db, scope, itemId);
  const actionOpts = { gameId, actionId: opts.actionId, allowCompleted: true };
  const outcome = await runAction(deps, scope, actionOpts, async ({ tx, game, steps }) => {
    const item = await findItem(tx, scope, itemId, { lock: true });
    if (item?.game_id !== gameId) throw new AppError('review_item_not_found');
    if (item.status === 'pending' || item.decision_event_id === null) {
      throw new AppError('review_not_decided');
    }
    const decision = await findGameEvent(tx, scope, { gameId, eventId: item.decision_event_id });
    if (!decision) throw new AppError('review_not_decided');
    const details = decision.details ?? {};
    const index = steps.findIndex((s) => s.gameStep.id === item.game_step_id);
    const gameStep = steps[index]?.gameStep;
    if (!gameStep) throw new AppError('review_item_not_found');
    const reopened = details.reopened === true;
    // The team acted on a reopened step (a new photo, a retake, a skip), or a retake waits.
    const actedOn =
      (reopened && (gameStep.status !== 'pending' || gameStep.photo_url !== null)) ||
      (await hasPendingRetake(tx, scope, { gameStepId: gameStep.id, itemId }));
    if (actedOn) throw new AppError('review_undo_too_late');
    const previous = details.previous_step_index;
    const endedMs = details.ended_ms;
    // A progressive game sent back to the reopened step returns where it was.
    const backTo =
      reopened &&
      game.route.route_type === 'progressive' &&
      game.game.current_step_index === index &&
      typeof previous === 'number'
        ? previous
        : null;
    return {
      write: {
        set: backTo === null ? {} : { current_step_index: backTo },
        scoreDelta: -decision.points,
        events: [
          {
            ...staffEvent(deps, {
              actionId: opts.actionId,
              kind: 'undo',
              points: -decision.points,
              reason: null,
              stepId: item.step_id,
              details: { undone_kind: 'review', step_number: index + 1 },
            }),
            undoesId: item.decision_event_id,
          },
        ],
        heartbeat: heartbeatOf(game, steps, doneCount(steps) + (reopened ? 1 : 0)),
      },
      writeSteps: reopened
        ? (w) =>
            w.restore(gameStep.id, {
              points: item.provisional_points,
              endedMs: typeof endedMs === 'number' ? endedMs : null,
              photoUrl: item.photo_url,
            })
        : undefined,
      afterWrite: () =>
        reopenItem(tx, scope, {
          itemId,
          userId: deps.actor.userId,
          expiresAt: claimUntil(deps.now),
        }),
      scoreboard: true,
      audit: { action: 'review.undo', details: { step: String(index + 1) } },
    };
  });
  return afterAction(deps, scope, { itemId, gameId, outcome });
}

/** `review.wall`: the route's newest approved photos of consenting teams. */
export async function readWall(db: Db, scope: TenantScope, routeId: string): Promise<Wall> {
  const route = await requireRoute(db, scope, routeId);
  const rows = await listWall(db, scope, { routeId, limit: WALL_SIZE });
  return {
    route: { id: route.id, title: route.title },
    photos: rows.map((row) => ({
      item_id: row.item_id,
      team_name: row.team_name,
      place: row.place,
      step_number: row.step_number,
      photo_url: photoUrlOf(scope, row.item_id),
      approved_at: new Date(row.decided_at_ms).toISOString(),
    })),
  };
}

/** `review.hide`: a photo taken off its route's wall (audited); answers the route's wall. */
export async function hidePhoto(
  deps: LedgerDeps,
  scope: TenantScope,
  itemId: string,
): Promise<Wall> {
  const hidden = await deps.db.transaction(async (tx) => {
    const row = await hideItem(tx, scope, { itemId, now: deps.now });
    if (!row) throw new AppError('review_item_not_found');
    await recordAudit(tx, {
      actor: deps.actor,
      action: 'review.hide',
      target: { id: itemId, label: row.team_name },
      details: {},
      now: deps.now,
    });
    return row;
  });
  return readWall(deps.db, scope, hidden.route_id);
}
