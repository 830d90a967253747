import { randomUUID } from 'node:crypto';
import { CSRF_HEADER, CSRF_HEADER_VALUE, type SubmitResult } from '@tappa/contracts';
import { textRouteJson, textStepPosition } from '@tappa/domain/fixtures/text-route';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { games, gameSteps, idempotencyKeys, liveHeartbeat } from '../src/db/schema';
import { importRoute } from '../src/modules/routes/routes.service';
import { createTestDatabase, rawDb, TEST_DB, type TestDatabase } from './helpers/database';
import { cookieHeader, makeTenant } from './helpers/factories';
import { startServerProcess } from './helpers/server-process';
import { createTempDir } from './helpers/temp-dir';

const TEAMS = 30;
const STEPS = 5;
/** Every team tries each step twice: a wrong answer, then the right one. */
const SUBMISSIONS = TEAMS * STEPS * 2;
/** The server is killed once this many answers were acknowledged: about half way. */
const KILL_AFTER = SUBMISSIONS / 2;
const ROUTE_SLUG = 'durability';
const BOUNDARY = 'durability-boundary';

const routeJson = () =>
  textRouteJson({
    slug: ROUTE_SLUG,
    title: 'Durability',
    description: 'Text steps, tried under load while the server is killed',
    steps: STEPS,
  });

/** One try as the phone sends it, with the server's answer once it got one. */
interface Submission {
  path: string;
  body: string;
  submissionId: string;
  reply: SubmitResult | null;
}

/** A team that started the route, with its tries planned (ids generated once, like the app). */
interface Team {
  ip: string;
  cookie: string;
  gameId: string;
  plan: Submission[];
}

async function send(
  url: string,
  init: { method: string; ip: string; cookie?: string; body?: string; type?: string },
): Promise<Response> {
  return fetch(url, {
    method: init.method,
    body: init.body,
    headers: {
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      // The server believes X-Forwarded-For from this host: each team has its own address.
      'x-forwarded-for': init.ip,
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.type ? { 'content-type': init.type } : {}),
    },
  });
}

async function joinTeam(baseUrl: string, slug: string, n: number): Promise<Team> {
  const ip = `10.77.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  const play = `${baseUrl}/api/play/${slug}`;
  const json = 'application/json';
  const identify = await send(`${play}/identify`, {
    method: 'POST',
    ip,
    body: JSON.stringify({ email: `team-${n}@durability.test` }),
    type: json,
  });
  const cookie = cookieHeader(identify.headers.getSetCookie());
  const data = JSON.stringify({ team_name: `Squadra ${n}`, team_members: null });
  await send(`${play}/registration`, {
    method: 'PUT',
    ip,
    cookie,
    body: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${data}\r\n--${BOUNDARY}--\r\n`,
    type: `multipart/form-data; boundary=${BOUNDARY}`,
  });
  const start = await send(`${play}/routes/${ROUTE_SLUG}/start`, { method: 'POST', ip, cookie });
  const { game_id: gameId } = (await start.json()) as { game_id: string };
  const state = await send(`${play}/games/${gameId}`, { method: 'GET', ip, cookie });
  const { steps } = (await state.json()) as { steps: { id: string; ord: number }[] };
  const plan = steps.flatMap((step, i) =>
    [`sbagliata-${step.ord}`, `risposta-${step.ord}`].map((answer) => {
      const submissionId = randomUUID();
      const body = { submission_id: submissionId, answer, heading_deg: null };
      return {
        path: `/api/play/${slug}/games/${gameId}/steps/${step.id}/submit`,
        body: JSON.stringify({ ...body, position: { ...textStepPosition(i), accuracy_m: 5 } }),
        submissionId,
        reply: null,
      };
    }),
  );
  return { ip, cookie, gameId, plan };
}

/**
 * Sends the team's tries that have no answer yet, one at a time as a phone does; stops at the
 * first one that gets no answer (the server is gone). A try counts as acknowledged only once its
 * whole answer has arrived.
 */
async function play(baseUrl: string, team: Team, onAcknowledged: () => void): Promise<void> {
  for (const submission of team.plan) {
    if (submission.reply) continue;
    const reply = await submit(baseUrl, team, submission).catch(() => null);
    if (!reply) return;
    submission.reply = reply;
    onAcknowledged();
  }
}

/** Sends one try; throws when no answer arrives, and on any answer but 200. */
async function submit(baseUrl: string, team: Team, submission: Submission): Promise<SubmitResult> {
  const res = await send(`${baseUrl}${submission.path}`, {
    method: 'POST',
    ip: team.ip,
    cookie: team.cookie,
    body: submission.body,
    type: 'application/json',
  });
  const reply = (await res.json()) as SubmitResult;
  if (res.status === 200) return reply;
  throw new Error(`try answered ${res.status}: ${JSON.stringify(reply)}`);
}

describe.skipIf(TEST_DB !== 'postgres')('answers that survive kill -9, on PostgreSQL', () => {
  let database: TestDatabase;
  let dataDir: Awaited<ReturnType<typeof createTempDir>>;
  let env: NodeJS.ProcessEnv;
  let slug: string;
  let tenantId: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = await createTempDir('durability');
    env = { DATABASE_URL: database.url ?? '', DATA_DIR: dataDir.path, SEED_DEMO: 'false' };
    const tenant = await makeTenant(database.db);
    slug = tenant.slug;
    tenantId = tenant.id;
    const scope = { kind: 'tenant', tenantId, slug, role: 'superadmin' } as const;
    await importRoute(database.db, scope, routeJson());
  });
  afterAll(async () => {
    await database.close();
    await dataDir.remove();
  });

  it('keeps every acknowledged answer exactly once, and a retried one counts once', async () => {
    const first = await startServerProcess(env);
    const teams = await Promise.all(
      Array.from({ length: TEAMS }, (_, n) => joinTeam(first.baseUrl, slug, n)),
    );
    let acknowledged = 0;
    const killing: Promise<void>[] = [];
    await Promise.all(
      teams.map((team) =>
        play(first.baseUrl, team, () => {
          acknowledged += 1;
          if (acknowledged === KILL_AFTER) killing.push(first.kill());
        }),
      ),
    );
    await Promise.all(killing);
    const beforeKill = acknowledged;
    const unanswered = teams.flatMap((team) => team.plan.filter((s) => s.reply === null));
    expect(killing).toHaveLength(1);
    expect(unanswered.length).toBeGreaterThan(0);

    // The tries that were in flight: some were committed before the kill, their answer lost.
    const db = rawDb(database.db);
    const stored = async () =>
      new Map(
        (
          await db
            .select({ key: idempotencyKeys.key, response: idempotencyKeys.response })
            .from(idempotencyKeys)
            .where(eq(idempotencyKeys.tenant_id, tenantId))
        ).map((row) => [row.key, row.response]),
      );
    const storedAtKill = await stored();
    const committedUnanswered = unanswered.filter((s) => storedAtKill.has(s.submissionId)).length;

    // Restarted on the same database, every team sends again what got no answer (same ids).
    const second = await startServerProcess(env);
    try {
      // A phone that missed an answer sends the same try again: each team's last acknowledged
      // try, sent again, answers as it did and changes nothing (whatever the kill hit).
      const repeated = await Promise.all(
        teams.map(async (team) => {
          const last = team.plan.findLast((s) => s.reply !== null);
          return last && { first: last.reply, again: await submit(second.baseUrl, team, last) };
        }),
      );
      for (const pair of repeated) expect(pair?.again).toEqual(pair?.first);
      await Promise.all(
        teams.map(async (team) => {
          await play(second.baseUrl, team, () => undefined);
          // A late duplicate after the route was completed is answered as it was, not refused.
          const [firstTry] = team.plan;
          if (firstTry)
            expect(await submit(second.baseUrl, team, firstTry)).toEqual(firstTry.reply);
        }),
      );
    } finally {
      await second.stop();
    }

    const all = teams.flatMap((team) => team.plan);
    expect(all.filter((s) => s.reply === null)).toEqual([]);
    // Every acknowledged answer is stored, once (one row per id), as it was answered.
    const storedAtEnd = await stored();
    expect(storedAtEnd.size).toBe(SUBMISSIONS);
    for (const s of all) {
      expect(JSON.parse(storedAtEnd.get(s.submissionId) ?? 'null')).toEqual(s.reply);
    }
    for (const team of teams) {
      const steps = await db.select().from(gameSteps).where(eq(gameSteps.game_id, team.gameId));
      // One wrong and one right try per step: no try lost, none counted twice.
      expect(steps.map((s) => [s.status, s.attempts])).toEqual(
        Array.from({ length: STEPS }, () => ['ok', 2]),
      );
      const points = team.plan.reduce((sum, s) => sum + (s.reply?.points ?? 0), 0);
      expect(steps.reduce((sum, s) => sum + (s.points ?? 0), 0)).toBe(points);
      const [game] = await db.select().from(games).where(eq(games.id, team.gameId));
      expect(game).toMatchObject({ status: 'completed', total_score: points });
      expect(team.plan.at(-1)?.reply).toMatchObject({ completed: true, total_score: points });
      const [row] = await db
        .select()
        .from(liveHeartbeat)
        .where(eq(liveHeartbeat.email, game?.owner_email ?? ''));
      expect(row).toMatchObject({ score: points, progress: STEPS, total: STEPS });
    }
    console.info(
      `durability: ${SUBMISSIONS} tries, ${beforeKill} acknowledged before kill -9, ` +
        `${unanswered.length} without an answer (${committedUnanswered} of them committed), ` +
        `all ${storedAtEnd.size} stored once after the retries`,
    );
  }, 120_000);
});
