import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { SubmitResult } from '@tappa/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Db } from '../src/db/db';
import { gameSteps } from '../src/db/schema';
import type { TenantScope } from '../src/db/scope';
import { writeGameOutsideTry } from '../src/modules/games/game-writes.repository';
import { pauseOwnGame, resumeOwnGame } from '../src/modules/games/games.service';
import { readTry } from '../src/modules/games/try/try-read.repository';
import { skipStep, submitAnswer } from '../src/modules/games/try/tries.service';
import { tryCacheOf } from '../src/modules/games/try/try-cache';
import { importRoute } from '../src/modules/routes/routes.service';
import { listSteps, type StepRow } from '../src/modules/routes/routes.repository';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { makeTenant } from './helpers/factories';
import { startTeam } from './helpers/team';

// The try's invariants (games/try/index.ts): random interleavings of tries on two instances (each
// with its try cache) and of the writes outside a try (Stop, 'Riprendi', a photo, the game
// screen starting a step's clock) always judge on the latest state. Each try is judged first on
// a fresh read, by an instance with an empty cache in a transaction rolled back, and the try
// itself must answer the same; after every step, a cache holding the game's current version
// holds exactly what a read finds. Seeded, so a failure names the seed that replays it.

const T0 = Date.parse('2026-11-27T10:00:00Z');
const SEEDS = [1, 2, 3, 4, 5, 6];
const MOVES_PER_RUN = 50;

/** A small seeded random generator (mulberry32): the same seed, the same interleaving. */
function randomOf(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { below: (n: number) => Math.floor(next() * n), chance: (p: number) => next() < p };
}

/** A try's outcome as compared: its result, or the code of the error it was refused with. */
type Judged = { result: SubmitResult } | { refused: string };

/** Answers what `run` judges, or the code it refused with. */
async function judged(run: () => Promise<{ result: SubmitResult }>): Promise<Judged> {
  try {
    return { result: (await run()).result };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'string') throw error;
    return { refused: code };
  }
}

/** Thrown to roll the reference judgement's transaction back. */
class RolledBack extends Error {}

describe(`random interleavings of tries and writes outside a try, on ${TEST_DB}`, () => {
  let t: TestApp;
  let scope: TenantScope;
  let steps: StepRow[];

  beforeAll(async () => {
    t = await createTestApp();
    const { id: tenantId, slug } = await makeTenant(t.database.db);
    scope = { kind: 'tenant', tenantId, slug, role: 'superadmin' };
    const json = await readFile(
      new URL('../../../packages/domain/src/fixtures/route-roma-centro.json', import.meta.url),
      'utf8',
    );
    const { route } = await importRoute(t.database.db, scope, json);
    steps = await listSteps(t.database.db, scope, route.id);
  });
  afterAll(() => t.close());

  /** One seeded run: two instances, `MOVES_PER_RUN` random moves, a new team when a game ends. */
  async function run(seed: number): Promise<void> {
    const random = randomOf(seed);
    const app = t.database.db;
    const instances = [new Db(rawDb(app)), new Db(rawDb(app))];
    let nowMs = T0;
    let teams = 0;
    let team = await startTeam(t.app, { slug: scope.slug, email: `seed-${seed}-0@x.it` });
    let at = { gameId: team.gameId, email: `seed-${seed}-0@x.it` };

    /** The game as a read finds it now. */
    const readNow = () => readTry(app, scope, { ...at, stepId: null, submissionId: randomUUID() });

    /** The step the game is on, as stored (most tries and photos are for it). */
    const currentIndex = async () =>
      Math.min((await readNow())?.game.current_step_index ?? 0, steps.length - 1);

    /** A try or a skip of a random step on `db`: right or wrong, from its place or not. */
    const tryOn = (
      db: Db,
      request: { index: number; skip: boolean; right: boolean; near: boolean },
    ) => {
      const step = steps[request.index]!;
      const opts = { ...at, stepId: step.id, now: new Date(nowMs), submissionId: randomUUID() };
      if (request.skip) return () => skipStep(db, scope, opts);
      return () =>
        submitAnswer(db, scope, {
          ...opts,
          request: {
            submission_id: opts.submissionId,
            answer: request.right ? step.check_answer : 'nope',
            heading_deg: step.orientation_deg,
            position: request.near ? { lat: step.lat, lng: step.lng, accuracy_m: 5 } : null,
          },
        });
    };

    /** What a fresh read judges for the same request, rolled back. */
    const reference = async (request: Parameters<typeof tryOn>[1]): Promise<Judged> => {
      let answer: Judged | undefined;
      await rawDb(app)
        .transaction(async (tx) => {
          answer = await judged(tryOn(new Db(tx), request));
          throw new RolledBack();
        })
        .catch((error: unknown) => {
          if (!(error instanceof RolledBack)) throw error;
        });
      return answer!;
    };

    /** A cache holding the game's current version holds what a read finds. */
    const expectCachesToBeCurrent = async () => {
      const read = await readNow();
      const opts = { ...at, stepId: null, submissionId: randomUUID() };
      for (const db of instances) {
        const cached = tryCacheOf(db).load(scope, opts, nowMs);
        if (cached && cached.game.version === read?.game.version) {
          expect(cached, `seed ${seed}`).toEqual(read);
        }
      }
    };

    for (let move = 0; move < MOVES_PER_RUN; move += 1) {
      // Up to two minutes apart: a game read first after a failed cached write (`CONTENDED_MS`)
      // is soon judged on the cache again.
      nowMs += 1_000 + random.below(120_000);
      const kind = random.below(11);
      if (kind < 6) {
        const request = {
          index: random.chance(0.8) ? await currentIndex() : random.below(steps.length),
          skip: random.chance(0.05),
          right: random.chance(0.7),
          near: random.chance(0.9),
        };
        const expected = await reference(request);
        // Mostly the instance that wrote last, so that most tries are judged on its cache.
        const db = instances[random.chance(0.8) ? 0 : 1]!;
        expect(await judged(tryOn(db, request)), `seed ${seed}, move ${move}`).toEqual(expected);
      } else if (kind === 6) {
        await pauseOwnGame(app, scope, { ...at, now: new Date(nowMs) }).catch(() => undefined);
      } else if (kind === 7) {
        await resumeOwnGame(app, scope, { ...at, now: new Date(nowMs) }).catch(() => undefined);
      } else if (kind <= 9) {
        const index = random.chance(0.8) ? await currentIndex() : random.below(steps.length);
        const stepId = steps[index]!.id;
        const [gameStep] = await rawDb(app)
          .select({ id: gameSteps.id })
          .from(gameSteps)
          .where(and(eq(gameSteps.game_id, at.gameId), eq(gameSteps.step_id, stepId)));
        await writeGameOutsideTry(
          app,
          scope,
          { id: at.gameId, set: { last_active_at: new Date(nowMs) } },
          (writes) => writes.setPhotoUrl(gameStep!.id, `/photo?v=${nowMs}`),
        );
      } else {
        // The game screen opened: the team heard from, the current step's clock started.
        expect((await team.req('GET', `/games/${at.gameId}`)).statusCode).toBe(200);
      }
      await expectCachesToBeCurrent();
      if ((await readNow())?.game.status === 'completed') {
        teams += 1;
        const email = `seed-${seed}-${teams}@x.it`;
        team = await startTeam(t.app, { slug: scope.slug, email });
        at = { gameId: team.gameId, email };
      }
    }
  }

  it('always judges on the latest state', async () => {
    for (const seed of SEEDS) await run(seed);
  });
});
