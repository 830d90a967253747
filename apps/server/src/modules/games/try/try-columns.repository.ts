import { getTableColumns, type SQL, sql, type Table } from 'drizzle-orm';
import { games, gameSteps, routes, steps } from '../../../db/schema';

// The column lists of the try's hand-written statements (see index.ts), taken from the Drizzle
// schema: a column renamed or dropped there fails the type check here, not a try at run time.
// Each list is made into SQL text once, when the module loads; the statements send the same text
// as when it was typed by hand.

/** The columns `keys` of `table` by their SQL names, each prefixed by `alias.` when given. */
function columnNames<T extends Table>(
  table: T,
  keys: readonly (keyof T['_']['columns'] & string)[],
  alias?: string,
): string[] {
  const columns = getTableColumns(table);
  return keys.map((key) => `${alias ? `${alias}.` : ''}${columns[key]?.name ?? key}`);
}

/** The game step columns a try reads and its step writes answer (`GameStepState`). */
const STEP_STATE_KEYS = [
  'id',
  'step_id',
  'status',
  'attempts',
  'first_attempt_ms',
  'started_ms',
  'photo_url',
  'wrong_try_tokens',
  'wrong_try_tokens_ms',
] as const satisfies readonly (keyof typeof gameSteps.$inferSelect)[];

/** The game step states of a try, in the route's `ord` order. */
export type GameStepState = Pick<typeof gameSteps.$inferSelect, (typeof STEP_STATE_KEYS)[number]>;

/** The game step state columns, as the game step writes answer them (`returning`). */
export const STEP_STATE_COLUMNS: SQL = sql.raw(columnNames(gameSteps, STEP_STATE_KEYS).join(', '));

/** The game step state columns of `gs` as the pairs of a `json_build_object`. */
export const STEP_STATE_JSON: SQL = sql.raw(
  columnNames(gameSteps, STEP_STATE_KEYS, 'gs')
    .map((column, i) => `'${STEP_STATE_KEYS[i]}', ${column}`)
    .join(', '),
);

/** The game row columns a try reads and its write answers (`WrittenGame`). */
const GAME_KEYS = [
  'id',
  'status',
  'team_name',
  'owner_email',
  'current_step_index',
  'total_score',
  'time_extension_minutes',
  'location_sharing',
] as const satisfies readonly (keyof typeof games.$inferSelect)[];

/** A game's row as a try reads it, and as its write leaves it (decision 0054). */
export type WrittenGame = Pick<typeof games.$inferSelect, (typeof GAME_KEYS)[number]> & {
  version: string;
  /** When the game's clock counts from (`clock_at`, else `created_at`), epoch milliseconds. */
  clock_ms: number;
};

/** The version and columns of a game's row (`WrittenGame`), of `g` when `alias` is given. */
function gameColumns(alias?: string): SQL {
  const at = alias ? `${alias}.` : '';
  return sql.raw(
    [
      `${at}xmin::text as version`,
      ...columnNames(games, GAME_KEYS, alias),
      `(extract(epoch from coalesce(${at}clock_at, ${at}created_at)) * 1000)::float8 as clock_ms`,
    ].join(', '),
  );
}

/** The game row columns of `g` in the reading statement. */
export const GAME_READ_COLUMNS = gameColumns('g');

/** The game row columns the game row's write answers (`returning`). */
export const GAME_WRITTEN_COLUMNS = gameColumns();

/** The route columns judging reads, besides its id and version. */
const ROUTE_KEYS = [
  'route_type',
  'geolocation_enabled',
  'time_limit_enabled',
  'time_limit_hours',
  'time_limit_minutes',
] as const satisfies readonly (keyof typeof routes.$inferSelect)[];

/** The event clock's instants a try reads (decision 0085), as epoch milliseconds or null. */
const EVENT_KEYS = ['event_start_at', 'event_end_at', 'event_paused_at'] as const;

/** The route's row as the reading statement answers it. */
export type RouteOfTry = Pick<typeof routes.$inferSelect, (typeof ROUTE_KEYS)[number]> &
  Record<`${(typeof EVENT_KEYS)[number]}_ms`, number | null>;

/** The route columns of `r` in the reading statement. */
export const ROUTE_READ_COLUMNS: SQL = sql.raw(
  [
    ...columnNames(routes, ROUTE_KEYS, 'r'),
    ...EVENT_KEYS.map((key) => `(extract(epoch from r.${key}) * 1000)::float8 as ${key}_ms`),
  ].join(', '),
);

/** The step columns judging and scoring read, besides its id (`TryToJudge`, `scoring`). */
const STEP_KEYS = [
  'check_type',
  'check_answer',
  'multiple',
  'lat',
  'lng',
  'radius_m',
  'orientation_deg',
  'scoring',
  'review',
  'also_accept',
  'relaxed_match',
] as const satisfies readonly (keyof typeof steps.$inferSelect)[];

/** The step columns of `s` in the reading statement. */
export const STEP_READ_COLUMNS: SQL = sql.raw(columnNames(steps, STEP_KEYS, 's').join(', '));
