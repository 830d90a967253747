import type { SubmitResult } from '@tappa/contracts';
import type { Db } from '../../../db/db';
import type { TenantScope } from '../../../db/scope';
import type { LoadedTry } from './try-read.repository';
import type { WrittenTry } from './try-write.repository';

// What an instance knows of the games it wrote last (decision 0054): the game as its own write
// left it (the row's version included) and the definitions of its route's steps, so the team's
// next try is judged without reading and written in one round trip. The write still happens only
// on the versions of the game's row and of its route that were judged (`writeTry`): a write by
// anyone else since (another instance, another phone's Stop, a photo, an edited route) makes it
// fail, and the try is read and judged again. A game whose cached write failed is read first for
// a while, so instances taking turns on one game do not pay a failed write on every try.

type Step = NonNullable<LoadedTry['step']>;

/** A game as the cache keeps it: what a try reads, but the step tried and an earlier reply. */
interface CachedGame {
  tenantId: string;
  loaded: Omit<LoadedTry, 'step' | 'earlier'>;
  /** This instance's replies to the game's requests, by request id (the last few). */
  replies: Map<string, SubmitResult>;
}

/** Games kept at most; the least recently written go first. */
const MAX_GAMES = 2_000;
/** Routes whose step definitions are kept at most. */
const MAX_ROUTES = 500;
/** Replies kept per game: a resend comes right after the try it repeats. */
const MAX_REPLIES = 8;
/** How long a game whose cached write failed is read before each try. */
export const CONTENDED_MS = 60_000;

/** Sets `key` as the newest entry of `map`, dropping the oldest past `max`. */
function setNewest<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as K);
}

/** The games an instance wrote last, and their routes' steps (decision 0054). */
export class TryCache {
  readonly #games = new Map<string, CachedGame>();
  readonly #routes = new Map<string, { version: string; steps: Map<string, Step> }>();
  readonly #contended = new Map<string, number>();

  /**
   * The try of `opts.stepId` as the cache knows it, or null: not cached, another tenant's or
   * team's game, read first for now, or the step's definition of this route version not known.
   */
  load(
    scope: TenantScope,
    opts: { gameId: string; email: string; stepId: string | null; submissionId: string },
    nowMs: number,
  ): LoadedTry | null {
    const cached = this.#games.get(opts.gameId);
    if (cached?.tenantId !== scope.tenantId) return null;
    if (cached.loaded.game.owner_email !== opts.email) return null;
    if (this.#isContended(opts.gameId, nowMs)) return null;
    let step: Step | null = null;
    if (opts.stepId !== null) {
      const route = this.#routes.get(cached.loaded.route.id);
      if (route?.version !== cached.loaded.route.version) return null;
      step = route.steps.get(opts.stepId) ?? null;
      if (!step) return null;
    }
    const earlier = cached.replies.get(opts.submissionId) ?? null;
    return { ...cached.loaded, step, earlier };
  }

  /** Keeps the definition of the step a read found (under its route's version). */
  learnStep(loaded: LoadedTry): void {
    const { route, step } = loaded;
    if (!step) return;
    let known = this.#routes.get(route.id);
    if (known?.version !== route.version) known = { version: route.version, steps: new Map() };
    known.steps.set(step.id, step);
    setNewest(this.#routes, route.id, known, MAX_ROUTES);
  }

  /**
   * Keeps the game as `written` left it, with the reply to `submissionId`; a game that is over
   * (or whose row was not written) is forgotten.
   */
  remember(
    scope: TenantScope,
    loaded: LoadedTry,
    written: WrittenTry,
    reply: { submissionId: string; result: SubmitResult },
    nowMs: number,
  ): void {
    const { game } = written;
    if (!game || game.status === 'completed' || this.#isContended(game.id, nowMs)) {
      this.forget(loaded.game.id);
      return;
    }
    this.#contended.delete(game.id);
    const changed = new Map(written.steps.map((state) => [state.id, state]));
    const previous = this.#games.get(game.id);
    const replies = new Map(previous?.replies);
    setNewest(replies, reply.submissionId, reply.result, MAX_REPLIES);
    const { clock_ms: clockMs, ...row } = game;
    const entry: CachedGame = {
      tenantId: scope.tenantId,
      loaded: {
        game: { ...row, clock_at: new Date(clockMs) },
        route: loaded.route,
        states: loaded.states.map((state) => changed.get(state.id) ?? state),
      },
      replies,
    };
    setNewest(this.#games, game.id, entry, MAX_GAMES);
  }

  /** Whether `gameId` is read before each try until a moment after `nowMs`. */
  #isContended(gameId: string, nowMs: number): boolean {
    return (this.#contended.get(gameId) ?? 0) > nowMs;
  }

  /** Forgets a game; `contendedUntilMs` has it read before each try until then. */
  forget(gameId: string, contendedUntilMs?: number): void {
    this.#games.delete(gameId);
    if (contendedUntilMs !== undefined) {
      setNewest(this.#contended, gameId, contendedUntilMs, MAX_GAMES);
    }
  }
}

const caches = new WeakMap<Db, TryCache>();

/**
 * The try cache of a database handle: on the embedded database the tries run in its thread
 * (`games.tasks.ts`), so the cache lives there; on PostgreSQL, in the app.
 */
export function tryCacheOf(db: Db): TryCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new TryCache()));
  return cache;
}
