import type { ReviewKind, ReviewStatus } from '@tappa/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/db';
import { statementsOf } from '../../db/rows';
import { reviewItems } from '../../db/schema';
import { PLATFORM_SCOPE, type TenantScope } from '../../db/scope';

// The review queue's statements (decision 0083). Hand-written SQL with the tenant's condition in
// each: the queue's claims need `for update skip locked` and a wrap-around order the query builder
// does not say simply. Time stamps come back as milliseconds (float8) on both drivers.

const ms = (column: SQL) => sql`floor(extract(epoch from ${column}) * 1000)::float8`;

/**
 * The item a try makes on a step under staff review, written in the try's one statement only
 * when its game row's write went through (`when`, a lazy query; decision 0083). A pending item
 * already there (none should be: a retake follows a decision) keeps the first.
 */
export function reviewItemInsert(
  scope: TenantScope,
  values: {
    routeId: string;
    gameId: string;
    gameStepId: string;
    stepId: string;
    kind: ReviewKind;
    photoUrl: string | null;
    answer: string | null;
    provisionalPoints: number;
    now: Date;
  },
  when: SQL,
): SQL {
  return sql`insert into review_items (tenant_id, route_id, game_id, game_step_id, step_id, kind,
      photo_url, answer, provisional_points, created_at)
    select ${scope.tenantId}::uuid, ${values.routeId}::uuid, ${values.gameId}::uuid,
      ${values.gameStepId}::uuid, ${values.stepId}::uuid, ${values.kind}::text,
      ${values.photoUrl}::text, ${values.answer}::text, ${values.provisionalPoints}::integer,
      ${values.now}::timestamptz
    where ${when}
    on conflict do nothing`;
}

/** An item with what a judge sees of it (`ReviewItem` before it is presented). */
export interface ReviewItemRow {
  id: string;
  game_id: string;
  game_step_id: string;
  team_name: string;
  route_id: string;
  route_title: string;
  route_type: 'progressive' | 'exploration';
  step_id: string;
  step_number: number;
  place: string;
  task: string;
  check_answer: string | null;
  scoring: unknown;
  kind: ReviewKind;
  photo_url: string | null;
  answer: string | null;
  provisional_points: number;
  status: ReviewStatus;
  decided_points: number | null;
  reason: string | null;
  decided_by_email: string | null;
  decided_at_ms: number | null;
  decision_event_id: number | null;
  claimed_by_user_id: string | null;
  claim_expires_ms: number | null;
  hidden_at_ms: number | null;
  created_ms: number;
}

/** The columns of `ReviewItemRow`, of `ri` joined to its game `g`, route `r` and step `s`. */
const ITEM_COLUMNS = sql`ri.id, ri.game_id, ri.game_step_id, g.team_name, ri.route_id,
  r.title as route_title, r.route_type, ri.step_id,
  (select count(*) from steps s2 where s2.route_id = s.route_id and s2.ord <= s.ord)::int
    as step_number,
  s.place, s.task, s.check_answer, s.scoring, ri.kind, ri.photo_url, ri.answer,
  ri.provisional_points, ri.status, ri.decided_points, ri.reason, ri.decided_by_email,
  ${ms(sql`ri.decided_at`)} as decided_at_ms, ri.decision_event_id::float8 as decision_event_id,
  ri.claimed_by_user_id, ${ms(sql`ri.claim_expires_at`)} as claim_expires_ms,
  ${ms(sql`ri.hidden_at`)} as hidden_at_ms, ${ms(sql`ri.created_at`)} as created_ms`;

const ITEM_JOINS = sql`join games g on g.id = ri.game_id
  join routes r on r.id = ri.route_id
  join steps s on s.id = ri.step_id`;

/** The queue's filter: a route, a step. */
export interface ItemFilter {
  routeId?: string;
  stepId?: string;
}

const filterOf = (filter: ItemFilter) =>
  sql`${filter.routeId ? sql`and ri.route_id = ${filter.routeId}` : sql``}
    ${filter.stepId ? sql`and ri.step_id = ${filter.stepId}` : sql``}`;

/** The tenant's item `itemId` (`lock`: for update), or null. */
export async function findItem(
  db: Db,
  scope: TenantScope,
  itemId: string,
  opts: { lock?: boolean } = {},
): Promise<ReviewItemRow | null> {
  const [row] = await db.scoped(scope).execute<ReviewItemRow>(
    sql`select ${ITEM_COLUMNS} from review_items ri ${ITEM_JOINS}
    where ri.tenant_id = ${scope.tenantId} and ri.id = ${itemId}
    ${opts.lock ? sql`for update of ri` : sql``}`,
  );
  return row ?? null;
}

/** `ids` as one SQL array of uuids (validated ids, so the literal is safe). */
const uuidArray = (ids: readonly string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/**
 * Ends every claim of `userId` on the tenant's pending items but those on `keep`, which last
 * until `expiresAt` again.
 */
export async function releaseClaims(
  db: Db,
  scope: TenantScope,
  opts: { userId: string; keep: readonly string[]; expiresAt: Date },
): Promise<void> {
  const kept = sql`id = any(${uuidArray(opts.keep)})`;
  await db.scoped(scope).execute(
    sql`update review_items
    set claimed_by_user_id = case when ${kept} then claimed_by_user_id end,
      claim_expires_at = case when ${kept} then ${opts.expiresAt}::timestamptz end
    where tenant_id = ${scope.tenantId} and status = 'pending'
      and claimed_by_user_id = ${opts.userId}`,
  );
}

/** Whether an item is free for `userId`: unclaimed, its claim over, or its own. */
const claimable = (userId: string, now: Date) =>
  sql`(ri.claimed_by_user_id is null or ri.claim_expires_at <= ${now}
    or ri.claimed_by_user_id = ${userId})`;

/**
 * Claims for `userId` until `expiresAt` the oldest pending item of the filter that is free for
 * it, after the item `after` in the queue's order (created, id) and wrapping round, never
 * `after` itself nor one of `skip`; answers its id or null. Two judges at once never get the
 * same item: the item is chosen `for update skip locked` and claimed in the same statement.
 */
export async function claimNext(
  db: Db,
  scope: TenantScope,
  opts: ItemFilter & {
    userId: string;
    after: string | null;
    skip: readonly string[];
    now: Date;
    expiresAt: Date;
  },
): Promise<string | null> {
  const { userId, now } = opts;
  const anchor = opts.after
    ? sql`(select a.created_at, a.id from review_items a
        where a.tenant_id = ${scope.tenantId} and a.id = ${opts.after})`
    : null;
  const wrap = anchor
    ? sql`case when (ri.created_at, ri.id) > ${anchor} then 0 else 1 end,`
    : sql``;
  const [row] = await db.scoped(scope).execute<{ id: string }>(
    sql`update review_items set claimed_by_user_id = ${userId}, claim_expires_at = ${opts.expiresAt}
    where id = (
      select ri.id from review_items ri
      where ri.tenant_id = ${scope.tenantId} and ri.status = 'pending'
        and ${claimable(userId, now)} ${filterOf(opts)}
        ${opts.after ? sql`and ri.id <> ${opts.after}` : sql``}
        ${opts.skip.length > 0 ? sql`and ri.id <> all(${uuidArray(opts.skip)})` : sql``}
      order by ${wrap} ri.created_at, ri.id
      limit 1
      for update skip locked
    ) and tenant_id = ${scope.tenantId} and status = 'pending'
    returning id`,
  );
  return row?.id ?? null;
}

/**
 * Claims the tenant's pending item `itemId` for `userId` until `expiresAt` when it is free for
 * it; answers whether it holds the claim now.
 */
export async function claimItem(
  db: Db,
  scope: TenantScope,
  opts: { itemId: string; userId: string; now: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await db.scoped(scope).execute<{ id: string }>(
    sql`update review_items ri set claimed_by_user_id = ${opts.userId},
      claim_expires_at = ${opts.expiresAt}
    where ri.tenant_id = ${scope.tenantId} and ri.id = ${opts.itemId} and ri.status = 'pending'
      and ${claimable(opts.userId, opts.now)}
    returning ri.id`,
  );
  return rows.length > 0;
}

/** How many of the tenant's items of the filter wait. */
export async function countPending(
  db: Db,
  scope: TenantScope,
  filter: ItemFilter = {},
): Promise<number> {
  const [row] = await db.scoped(scope).execute<{ n: number }>(
    sql`select count(*)::int as n from review_items ri
    where ri.tenant_id = ${scope.tenantId} and ri.status = 'pending' ${filterOf(filter)}`,
  );
  return row?.n ?? 0;
}

/** The tenant's steps under staff review, by route, with their pending counts. */
export function listReviewSteps(db: Db, scope: TenantScope) {
  return db.scoped(scope).execute<{
    route_id: string;
    route_title: string;
    step_id: string;
    step_number: number;
    place: string;
    pending: number;
  }>(
    sql`select r.id as route_id, r.title as route_title, s.id as step_id,
      (select count(*) from steps s2 where s2.route_id = s.route_id and s2.ord <= s.ord)::int
        as step_number,
      s.place,
      (select count(*) from review_items ri where ri.tenant_id = r.tenant_id
        and ri.step_id = s.id and ri.status = 'pending')::int as pending
    from routes r join steps s on s.route_id = r.id
    where r.tenant_id = ${scope.tenantId} and s.review = 'staff'
    order by r.title, r.id, s.ord`,
  );
}

/** A page of the tenant's items: pending oldest first, decided newest decision first. */
export function listItems(
  db: Db,
  scope: TenantScope,
  opts: ItemFilter & {
    status: 'pending' | 'decided';
    /** The last item of the page before: its time (ms) and id. */
    after: { atMs: number; id: string } | null;
    limit: number;
  },
): Promise<ReviewItemRow[]> {
  const pending = opts.status === 'pending';
  const at = pending ? sql`ri.created_at` : sql`ri.decided_at`;
  const after = opts.after
    ? pending
      ? sql`and (ri.created_at, ri.id) > (to_timestamp(${opts.after.atMs} / 1000.0), ${opts.after.id}::uuid)`
      : sql`and (ri.decided_at, ri.id) < (to_timestamp(${opts.after.atMs} / 1000.0), ${opts.after.id}::uuid)`
    : sql``;
  return db.scoped(scope).execute<ReviewItemRow>(
    sql`select ${ITEM_COLUMNS} from review_items ri ${ITEM_JOINS}
    where ri.tenant_id = ${scope.tenantId}
      and ${pending ? sql`ri.status = 'pending'` : sql`ri.status <> 'pending'`}
      ${filterOf(opts)} ${after}
    order by ${at} ${pending ? sql`asc` : sql`desc`}, ri.id ${pending ? sql`asc` : sql`desc`}
    limit ${opts.limit}`,
  );
}

/** Writes a decision on the tenant's item (locked by the caller), its claim ended. */
export async function recordDecision(
  db: Db,
  scope: TenantScope,
  opts: {
    itemId: string;
    status: Exclude<ReviewStatus, 'pending'>;
    points: number;
    reason: string | null;
    actor: { userId: string; email: string };
    eventId: number;
    now: Date;
  },
): Promise<void> {
  await db.scoped(scope).execute(
    sql`update review_items set status = ${opts.status}, decided_points = ${opts.points},
      reason = ${opts.reason}, decided_by_user_id = ${opts.actor.userId},
      decided_by_email = ${opts.actor.email}, decided_at = ${opts.now},
      decision_event_id = ${opts.eventId}, claimed_by_user_id = null, claim_expires_at = null
    where tenant_id = ${scope.tenantId} and id = ${opts.itemId}`,
  );
}

/** The tenant's item pending again after an undo, claimed by `userId` until `expiresAt`. */
export async function reopenItem(
  db: Db,
  scope: TenantScope,
  opts: { itemId: string; userId: string; expiresAt: Date },
): Promise<void> {
  await db.scoped(scope).execute(
    sql`update review_items set status = 'pending', decided_points = null, reason = null,
      decided_by_user_id = null, decided_by_email = null, decided_at = null,
      decision_event_id = null, claimed_by_user_id = ${opts.userId},
      claim_expires_at = ${opts.expiresAt}, hidden_at = null
    where tenant_id = ${scope.tenantId} and id = ${opts.itemId}`,
  );
}

/** Whether another item of the game step waits (its retake's). */
export async function hasPendingRetake(
  db: Db,
  scope: TenantScope,
  opts: { gameStepId: string; itemId: string },
): Promise<boolean> {
  const rows = await db.scoped(scope).execute<{ id: string }>(
    sql`select id from review_items where tenant_id = ${scope.tenantId}
      and game_step_id = ${opts.gameStepId} and id <> ${opts.itemId} and status = 'pending'
    limit 1`,
  );
  return rows.length > 0;
}

/** A photo of the wall. */
export interface WallRow {
  item_id: string;
  team_name: string;
  place: string;
  step_number: number;
  decided_at_ms: number;
}

/**
 * The route's newest approved (or scored) photos of teams that agreed to the wall at
 * registration, not hidden, at most `limit`.
 */
export function listWall(
  db: Db,
  scope: TenantScope,
  opts: { routeId: string; limit: number },
): Promise<WallRow[]> {
  return db.scoped(scope).execute<WallRow>(
    sql`select ri.id as item_id, g.team_name, s.place,
      (select count(*) from steps s2 where s2.route_id = s.route_id and s2.ord <= s.ord)::int
        as step_number,
      ${ms(sql`ri.decided_at`)} as decided_at_ms
    from review_items ri
    join games g on g.id = ri.game_id
    join steps s on s.id = ri.step_id
    join team_registrations tr on tr.tenant_id = ri.tenant_id and tr.email = g.owner_email
    where ri.tenant_id = ${scope.tenantId} and ri.route_id = ${opts.routeId}
      and ri.kind = 'photo' and ri.status in ('approved', 'scored') and ri.hidden_at is null
      and tr.photo_wall_consent
    order by ri.decided_at desc, ri.id desc
    limit ${opts.limit}`,
  );
}

/** Takes the tenant's photo item off the wall; answers its route, or null for no such item. */
export async function hideItem(
  db: Db,
  scope: TenantScope,
  opts: { itemId: string; now: Date },
): Promise<{ route_id: string; team_name: string } | null> {
  const [row] = await db.scoped(scope).execute<{ route_id: string; team_name: string }>(
    sql`update review_items ri set hidden_at = coalesce(ri.hidden_at, ${opts.now})
    from games g
    where ri.tenant_id = ${scope.tenantId} and ri.id = ${opts.itemId} and ri.kind = 'photo'
      and g.id = ri.game_id
    returning ri.route_id, g.team_name`,
  );
  return row ?? null;
}

/** The game steps of the tenant's games `gameIds` with a reviewed photo (their files). */
export async function listReviewedPhotoSteps(
  db: Db,
  scope: TenantScope,
  gameIds: readonly string[],
): Promise<string[]> {
  if (gameIds.length === 0) return [];
  const rows = await db
    .scoped(scope)
    .select({ id: reviewItems.game_step_id })
    .from(
      reviewItems,
      and(inArray(reviewItems.game_id, [...gameIds]), eq(reviewItems.kind, 'photo')),
    );
  return [...new Set(rows.map((row) => row.id))];
}

/** How many items wait across every tenant (the metrics' gauge: no tenant label). */
export async function countAllPending(db: Db): Promise<number> {
  const [row] = await statementsOf(db.unscoped(PLATFORM_SCOPE))<{ n: number }>(
    sql`select count(*)::int as n from review_items where status = 'pending'`,
  );
  return row?.n ?? 0;
}
