import { readFile } from 'node:fs/promises';
import { randomUUID } from 'node:crypto';
import type { SubmitAnswerRequest } from '@tappa/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Db } from '../src/db/db';
import { games, steps as stepsTable } from '../src/db/schema';
import type { TenantScope } from '../src/db/scope';
import { readTry } from '../src/modules/games/try/try-read.repository';
import { skipStep, submitAnswer } from '../src/modules/games/try/tries.service';
import { CONTENDED_MS, tryCacheOf } from '../src/modules/games/try/try-cache';
import { importRoute, saveSteps } from '../src/modules/routes/routes.service';
import { listSteps } from '../src/modules/routes/routes.repository';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { makeTenant } from './helpers/factories';
import { fingerprint } from './helpers/fingerprint';
import { multipart } from './helpers/multipart';
import { startTeam, TREVI } from './helpers/team';

// Decision 0054: the instance that wrote a game's try judges the game's next one on what its
// write left and sends one statement; anything else written since makes it read and judge again.

const T0 = Date.parse('2026-11-27T10:00:00Z');
const PANTHEON = { lat: 41.898614, lng: 12.476869, accuracy_m: 5 };
const NAVONA = { lat: 41.89897, lng: 12.473078, accuracy_m: 5 };
const FIORI = { lat: 41.895652, lng: 12.472181, accuracy_m: 5 };

/** The app's database handle, counting the statements a try sends (and with a cache of its own). */
class CountingDb extends Db {
  statements = 0;
  override scoped(scope: TenantScope) {
    const queries = super.scoped(scope);
    const execute = queries.execute.bind(queries);
    queries.execute = <R>(query: SQL) => {
      this.statements += 1;
      return execute<R>(query);
    };
    return queries;
  }
}

describe(`a try judged on what the instance wrote last, on ${TEST_DB}`, () => {
  let t: TestApp;
  let scope: TenantScope;
  let db: CountingDb;

  beforeAll(async () => {
    t = await createTestApp();
    const tenant = await makeTenant(t.database.db);
    scope = { kind: 'tenant', tenantId: tenant.id, slug: tenant.slug, role: 'superadmin' };
    const fixture = new URL(
      '../../../packages/domain/src/fixtures/route-roma-centro.json',
      import.meta.url,
    );
    await importRoute(t.database.db, scope, await readFile(fixture, 'utf8'));
    db = new CountingDb(rawDb(t.database.db));
  });
  afterAll(() => t.close());

  /** The route of a step. */
  async function routeIdOf(stepId: string): Promise<string> {
    const [row] = await rawDb(t.database.db)
      .select({ routeId: stepsTable.route_id })
      .from(stepsTable)
      .where(eq(stepsTable.id, stepId));
    return row!.routeId;
  }

  /** A team of its own with a started game; tries go straight to the service on `db`. */
  async function playing(email: string) {
    const team = await startTeam(t.app, { slug: scope.slug, email });
    const { steps } = await team.state();
    const ids = steps.map((step) => step.id);
    const at = { gameId: team.gameId, email };
    /** Sends one try (a fresh request id unless given); answers its result and its statements. */
    const tryStep = async (index: number, request: Partial<SubmitAnswerRequest>, nowMs = T0) => {
      const before = db.statements;
      const { result } = await submitAnswer(db, scope, {
        ...at,
        stepId: ids[index]!,
        now: new Date(nowMs),
        request: {
          submission_id: randomUUID(),
          heading_deg: null,
          answer: null,
          position: null,
          ...request,
        },
      });
      return { result, statements: db.statements - before };
    };
    /** What the cache keeps of the game equals what a read finds in the database. */
    const expectCacheToMatchTheDatabase = async (nextIndex: number) => {
      const opts = { ...at, stepId: ids[nextIndex] ?? null, submissionId: randomUUID() };
      const read = await readTry(t.database.db, scope, opts);
      const cached = tryCacheOf(db).load(scope, { ...opts, stepId: null }, T0);
      expect(cached).not.toBeNull();
      expect({ ...cached, step: null }).toEqual({ ...read, step: null });
    };
    return { team, ids, at, tryStep, expectCacheToMatchTheDatabase };
  }

  it('reads the first try of a game, then sends one statement per try', async () => {
    const { tryStep, expectCacheToMatchTheDatabase } = await playing('one@x.it');
    const first = await tryStep(0, { answer: '1762', position: TREVI });
    expect(first).toMatchObject({ result: { outcome: 'correct' }, statements: 2 });
    await expectCacheToMatchTheDatabase(1);

    // The next step's definition is read once for the route; another team's tries reuse it.
    const wrong = await tryStep(1, { answer: 'Augusto', position: PANTHEON });
    expect(wrong).toMatchObject({ result: { outcome: 'wrong' }, statements: 2 });
    const right = await tryStep(1, { answer: 'Adriano', position: PANTHEON });
    expect(right).toMatchObject({ result: { outcome: 'correct' }, statements: 1 });
    await expectCacheToMatchTheDatabase(2);

    const other = await playing('two@x.it');
    expect(await other.tryStep(0, { answer: '1762', position: TREVI })).toMatchObject({
      statements: 2,
    });
    expect(await other.tryStep(1, { answer: 'Adriano', position: PANTHEON })).toMatchObject({
      result: { outcome: 'correct' },
      statements: 1,
    });
    await other.expectCacheToMatchTheDatabase(2);
  });

  it('answers a resent request with its first reply, without a statement', async () => {
    const { tryStep } = await playing('resend@x.it');
    const request = { submission_id: randomUUID(), answer: '1762', position: TREVI };
    const first = await tryStep(0, request);
    const again = await tryStep(0, request);
    expect(again).toEqual({ result: first.result, statements: 0 });
  });

  it('reads again after another write of the game (a pause from another phone), for a while', async () => {
    const { team, at, tryStep, expectCacheToMatchTheDatabase } = await playing('paused@x.it');
    await tryStep(0, { answer: '1762', position: TREVI });
    expect((await team.req('POST', `/games/${at.gameId}/pause`)).statusCode).toBe(204);
    // Judged on what is there now: the try resumes the game.
    const right = await tryStep(1, { answer: 'Adriano', position: PANTHEON });
    expect(right).toMatchObject({ result: { outcome: 'correct' }, statements: 3 });
    const [row] = await rawDb(t.database.db).select().from(games).where(eq(games.id, at.gameId));
    expect(row?.status).toBe('active');
    // A game whose cached write failed is read before each try for a while, then kept again.
    expect((await tryStep(2, { answer: 'NAVONA', position: NAVONA })).statements).toBe(2);
    const later = T0 + CONTENDED_MS + 1;
    expect((await tryStep(2, { answer: 'NAVONA-4', position: NAVONA }, later)).statements).toBe(2);
    await expectCacheToMatchTheDatabase(2);
    const navona = await tryStep(2, { answer: 'NAVONA-4FIUMI', position: NAVONA }, later);
    expect(navona).toMatchObject({ result: { outcome: 'correct' }, statements: 1 });
  });

  it('reads again after a photo came: the photo step is judged with it', async () => {
    const { team, at, ids, tryStep } = await playing('photo@x.it');
    await tryStep(0, { answer: '1762', position: TREVI });
    await tryStep(1, { answer: 'Adriano', position: PANTHEON });
    await tryStep(2, { answer: 'NAVONA-4FIUMI', position: NAVONA });
    const photoTry = { position: FIORI, heading_deg: 0 };
    expect((await tryStep(3, photoTry)).result).toMatchObject({ reason: { code: 'wrong_answer' } });
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#444' } })
      .jpeg()
      .toBuffer();
    const { payload, headers } = multipart([
      { name: 'photo', file: jpeg, filename: 'p.jpg', contentType: 'image/jpeg' },
    ]);
    const photoUrl = `/games/${at.gameId}/steps/${ids[3]!}/photo`;
    expect((await team.req('POST', photoUrl, payload, headers)).statusCode).toBe(200);
    expect(await tryStep(3, photoTry)).toMatchObject({
      result: { outcome: 'correct' },
      statements: 3,
    });
  });

  it("reads again after an edit of the route's steps: the try is judged on the new answer", async () => {
    const { ids, tryStep } = await playing('edited@x.it');
    await tryStep(0, { answer: '1762', position: TREVI });
    await tryStep(1, { answer: 'Agrippa', position: PANTHEON });
    const routeId = await routeIdOf(ids[0]!);
    const steps = await listSteps(t.database.db, scope, routeId);
    const edited = steps.map(({ route_id: _r, created_at: _c, photo_check_type: _p, ...step }) =>
      step.id === ids[1] ? { ...step, check_answer: 'Agrippa' } : step,
    );
    await saveSteps(t.database.db, scope, routeId, edited);
    expect(await tryStep(1, { answer: 'Agrippa', position: PANTHEON })).toMatchObject({
      result: { outcome: 'correct' },
      statements: 3,
    });
    await saveSteps(
      t.database.db,
      scope,
      routeId,
      steps.map(({ route_id: _r, created_at: _c, photo_check_type: _p, ...step }) => step),
    );
  });

  it('refuses a try ahead of the current step on what the cache knows, as on a read', async () => {
    // Another team's tries teach the cache the route's first three steps.
    const other = await playing('teacher@x.it');
    await other.tryStep(0, { answer: '1762', position: TREVI });
    await other.tryStep(1, { answer: 'Adriano', position: PANTHEON });
    await other.tryStep(2, { answer: 'NAVONA-4FIUMI', position: NAVONA });
    const { at, ids, tryStep } = await playing('jumper@x.it');
    await tryStep(0, { answer: '1762', position: TREVI });
    // The game at step 2, and step 3's definition, are in the cache: a try there needs no read.
    const aheadOpts = { ...at, stepId: ids[2]!, submissionId: randomUUID() };
    expect(tryCacheOf(db).load(scope, aheadOpts, T0)).not.toBeNull();
    const before = await fingerprint(t.database.db);
    await expect(tryStep(2, { answer: 'NAVONA-4FIUMI', position: NAVONA })).rejects.toMatchObject({
      code: 'step_not_current',
      params: { step_number: 2 },
    });
    expect(await fingerprint(t.database.db)).toBe(before);
    expect(await tryStep(1, { answer: 'Adriano', position: PANTHEON })).toMatchObject({
      result: { outcome: 'correct', current_step_index: 2 },
    });
  });

  it('skips through the cache too', async () => {
    const { at, ids, tryStep } = await playing('skip@x.it');
    await tryStep(0, { answer: '1762', position: TREVI });
    await tryStep(1, { answer: 'Nerone', position: PANTHEON });
    const before = db.statements;
    const { result } = await skipStep(db, scope, {
      ...at,
      stepId: ids[1]!,
      now: new Date(T0),
      submissionId: randomUUID(),
    });
    expect(result.outcome).toBe('skipped');
    expect(db.statements - before).toBe(1);
  });
});
