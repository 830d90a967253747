import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  real,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';
import { games } from './games';
import { routeOwner } from './routes';
import { tenantOwner } from './tenants';

/**
 * A team's position as its phone measured it (issue 37, decision 0086): sent while the team
 * shares its location, every 10 s and with its tries. Kept for the tenant's retention days, then
 * counted into `route_fix_aggregates` and deleted; erased with the game.
 */
export const gameFixes = pgTable(
  'game_fixes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    // The game's tenant and route, not foreign keys of their own: a fix goes with its game (which
    // goes with both), and a check of each per fix would lock their rows 100 times a second.
    tenant_id: uuid('tenant_id').notNull(),
    route_id: uuid('route_id').notNull(),
    game_id: uuid('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    /**
     * The step the game was on when the fix came (its aggregates' step), by value: a route's
     * steps are replaced by an import, its fixes stay. Null: the game had finished.
     */
    step_id: uuid('step_id'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** The radius of its uncertainty in metres; null when the phone gave none. */
    accuracy_m: real('accuracy_m'),
    /** When the phone measured it (its clock, at most a minute ahead of the server's). */
    taken_at: timestamptz('taken_at').notNull(),
    /** When the server received it: what the retention counts from. */
    received_at: timestamptz('received_at').notNull(),
  },
  (t) => [
    // A fix sent again (a retry after a lost answer) is the same fix: kept once. Also the index
    // of a game's fixes by time (its trail, its export, the gap between two fixes).
    unique('game_fixes_game_taken_key').on(t.game_id, t.taken_at),
    index('game_fixes_received_idx').on(t.tenant_id, t.received_at),
    check('game_fixes_lat_check', sql`${t.lat} between -90 and 90`),
    check('game_fixes_lng_check', sql`${t.lng} between -180 and 180`),
    check('game_fixes_accuracy_check', sql`${t.accuracy_m} >= 0`),
  ],
);

/**
 * Each game's newest fix (decision 0086): what the live console shows, one row per game, written
 * in the statement that keeps the fix, so that reading the console costs one row per game
 * however many fixes were kept. It goes with its fix (the retention) and with its game (erasure).
 */
export const gameLastFixes = pgTable(
  'game_last_fixes',
  {
    game_id: uuid('game_id')
      .primaryKey()
      .references(() => games.id, { onDelete: 'cascade' }),
    /** The game's tenant (no foreign key of its own, as `game_fixes`). */
    tenant_id: uuid('tenant_id').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    accuracy_m: real('accuracy_m'),
    taken_at: timestamptz('taken_at').notNull(),
  },
  (t) => [index('game_last_fixes_tenant_idx').on(t.tenant_id)],
);

/**
 * What stays of a route's fixes once the retention deleted them (decision 0086): how many fixes
 * came while games were on each step, by day (UTC). No team, no position.
 */
export const routeFixAggregates = pgTable(
  'route_fix_aggregates',
  {
    tenant_id: tenantOwner(),
    route_id: routeOwner(),
    /** The step the games were on, by value (see `game_fixes`); null: finished games. */
    step_id: uuid('step_id'),
    day: date('day', { mode: 'string' }).notNull(),
    fixes: integer('fixes').notNull(),
  },
  (t) => [
    unique('route_fix_aggregates_key').on(t.route_id, t.step_id, t.day).nullsNotDistinct(),
    index('route_fix_aggregates_tenant_idx').on(t.tenant_id),
    check('route_fix_aggregates_fixes_check', sql`${t.fixes} >= 0`),
  ],
);
