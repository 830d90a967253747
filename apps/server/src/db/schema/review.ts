import { REVIEW_KINDS, REVIEW_STATUSES } from '@tappa/domain';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { gameEvents, games, gameSteps } from './games';
import { routeOwner, steps } from './routes';
import { tenantOwner } from './tenants';

/**
 * An answer waiting for, or judged by, the tenant's staff (issue 34, decision 0083): made by the
 * try that accepted a photo or a text answer on a step under staff review, in its one statement,
 * and decided by a judge through the score ledger (a `review` event). A judge claims the item it
 * looks at for REVIEW_CLAIM_MS; approved photos of consenting teams show on the route's wall
 * until staff hide them.
 */
export const reviewItems = pgTable(
  'review_items',
  {
    id: id(),
    tenant_id: tenantOwner(),
    route_id: routeOwner(),
    game_id: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    game_step_id: uuid('game_step_id')
      .notNull()
      .references(() => gameSteps.id, { onDelete: 'cascade' }),
    step_id: uuid('step_id')
      .notNull()
      .references(() => steps.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REVIEW_KINDS }).notNull(),
    /** The photo's stored key at the try (a photo item), else null. */
    photo_url: text('photo_url'),
    /** The team's text answer (a text item): stored only here. */
    answer: text('answer'),
    /** The points the try gave at once, before the decision. */
    provisional_points: integer('provisional_points').notNull(),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pending'),
    /** The step's points the decision left (approve: the provisional ones), with its reason. */
    decided_points: integer('decided_points'),
    reason: text('reason'),
    decided_by_user_id: uuid('decided_by_user_id'),
    decided_by_email: text('decided_by_email'),
    decided_at: timestamptz('decided_at'),
    /** The ledger's `review` event of the decision (an undo compensates it). */
    decision_event_id: bigint('decision_event_id', { mode: 'number' }).references(
      () => gameEvents.id,
    ),
    /** The judge looking at it, until `claim_expires_at`. */
    claimed_by_user_id: uuid('claimed_by_user_id'),
    claim_expires_at: timestamptz('claim_expires_at'),
    /** When staff took an approved photo off the wall. */
    hidden_at: timestamptz('hidden_at'),
    created_at: createdAt(),
  },
  (t) => [
    // At most one item waits per game step: a retake's try comes after the rejection.
    uniqueIndex('review_items_pending_key')
      .on(t.game_step_id)
      .where(sql`${t.status} = 'pending'`),
    // The queue: a tenant's items by status, oldest first.
    index('review_items_queue_idx').on(t.tenant_id, t.status, t.created_at, t.id),
    index('review_items_game_idx').on(t.game_id),
    check('review_items_kind_check', sql`${t.kind} in ('photo', 'text')`),
    check(
      'review_items_status_check',
      sql`${t.status} in ('pending', 'approved', 'rejected', 'scored')`,
    ),
  ],
);
