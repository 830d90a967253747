import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, unique, uuid } from 'drizzle-orm/pg-core';
import { id, timestamptz } from './columns';
import { gameEvents, games } from './games';
import { steps } from './routes';
import { tenantOwner } from './tenants';

/**
 * A hint of a step taken in a game (issue 36, decision 0085): one of the step's `hints` (by its
 * place in them, from 0), taken by the team for its cost or given free by staff, written in one
 * transaction with its `hint` event of the score ledger. At most one per game, step and hint, so
 * a hint is charged once however often it is asked for; kept with its time for analytics.
 */
export const gameHints = pgTable(
  'game_hints',
  {
    id: id(),
    tenant_id: tenantOwner(),
    game_id: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    step_id: uuid('step_id')
      .notNull()
      .references(() => steps.id, { onDelete: 'cascade' }),
    /** Its place in the step's `hints`, from 0. */
    hint_index: integer('hint_index').notNull(),
    /** The points it cost the team: the hint's cost when taken, 0 when given free. */
    cost: integer('cost').notNull(),
    taken_at: timestamptz('taken_at').notNull(),
    /** The staff account that gave it free, by value (it outlives the account); null: the team. */
    given_by_user_id: uuid('given_by_user_id'),
    /** Its `hint` event of the score ledger. */
    event_id: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => gameEvents.id),
  },
  (t) => [
    unique('game_hints_game_step_hint_key').on(t.game_id, t.step_id, t.hint_index),
    check('game_hints_hint_index_check', sql`${t.hint_index} >= 0`),
    check('game_hints_cost_check', sql`${t.cost} >= 0`),
  ],
);
