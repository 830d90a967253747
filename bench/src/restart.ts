// Restart scenario (issue 32, item 3): "A restart of the embedded server while 200 teams play and
// 1,000 streams are open: 0 lost answers, 0 answers counted twice, 0 events missed by a stream."
// The real server in a child process (PGlite by default); the teams play a closed loop (a wrong
// then the right answer at every step, each try with its id, sent again after a refused
// connection or a 503 as the phone does) while staff adjust points; phones, consoles and
// scoreboards hold event streams. Half way: SIGTERM, a new server on the same DATA_DIR and port,
// every client carries on. Then the figures, all read through the API.
import { randomUUID } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  applyConsoleChange,
  GAME_LIVE_EVENT,
  type GameLedger,
  type GameLive,
  LIVE_CONSOLE_EVENT,
  type LiveActionResult,
  type LiveConsole,
  type LiveConsoleChange,
  type Rankings,
  type SubmitResult,
} from '@tappa/contracts';
import { createHttpClient, type HttpCall } from './lib/http-client';
import { ADMIN_URL, type Engine, readOptions } from './lib/options';
import { createPostgresDatabase, type ServerProcess, startServer } from './lib/server-process';
import { setUpWorld, signInSuperadmin, type Team } from './lib/setup';
import { openResumingStream, type ResumingStream } from './restart/resuming-stream';

const { option } = readOptions({
  teams: { type: 'string' },
  steps: { type: 'string' },
  phones: { type: 'string' },
  consoles: { type: 'string' },
  scoreboards: { type: 'string' },
  adjustments: { type: 'string' },
  databases: { type: 'string' },
});

/** `--name value`, else `BENCH_*`, else the numbers. */
const OPTIONS = {
  teams: Number(option('teams', 'BENCH_TEAMS', '200')),
  steps: Number(option('steps', 'BENCH_STEPS', '10')),
  /** Phones holding their game's stream, round the teams. */
  phones: Number(option('phones', 'BENCH_PHONES', '950')),
  consoles: Number(option('consoles', 'BENCH_CONSOLES', '5')),
  scoreboards: Number(option('scoreboards', 'BENCH_SCOREBOARDS', '45')),
  /** Staff point adjustments over the run, round the first ADJUSTED_TEAMS teams. */
  adjustments: Number(option('adjustments', 'BENCH_ADJUSTMENTS', '100')),
  /** The issue speaks of the embedded server; `--databases pglite,postgres` measures both. */
  databases: option('databases', 'BENCH_DATABASES', 'pglite').split(',') as Engine[],
};
const ADJUSTED_TEAMS = 20;

/** A promise with its resolve (Node 20 has no `Promise.withResolvers`). */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * A console's state as its browser holds it, made from its stream's events as they come (each
 * event applied once): a whole value, or the changes to it.
 */
function consoleHolder() {
  let held: LiveConsole | null = null;
  let applied = 0;
  return (events: { event: string; data: string }[]) => {
    for (; applied < events.length; applied += 1) {
      const e = events[applied];
      if (e?.event === LIVE_CONSOLE_EVENT) held = JSON.parse(e.data) as LiveConsole;
      else if (e && held) held = applyConsoleChange(held, JSON.parse(e.data) as LiveConsoleChange);
    }
    return held;
  };
}

/** The acknowledged tries, counted where the staff and the restart wait for a number of them. */
class Acknowledged extends EventEmitter {
  value = 0;

  add(): void {
    this.value += 1;
    this.emit('added');
  }

  async reached(n: number): Promise<void> {
    while (this.value < n) await once(this, 'added');
  }
}

async function run(engine: Engine) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'tappa-bench-restart-'));
  const pg = engine === 'postgres' ? await createPostgresDatabase(ADMIN_URL) : null;
  const start = (port = '0') =>
    startServer({ dataDir, databaseUrl: pg?.url ?? null, env: { PORT: port } });
  let server: ServerProcess = await start();
  const baseUrl = server.baseUrl;
  const client = createHttpClient(baseUrl, 256);
  try {
    const world = await setUpWorld(client, {
      teams: OPTIONS.teams,
      steps: OPTIONS.steps,
      concurrency: 16,
    });
    const admin = await signInSuperadmin(client);
    const base = `/api/play/${world.slug}`;
    // Where the clients wait after a refused connection or a 503: the next server.
    let up: Promise<void> = Promise.resolve();
    const retried = { refused: 0, unavailable: 0 };
    const untilAnswered = async <T>(
      call: HttpCall & { cookie?: string; ip?: string },
    ): Promise<T> => {
      for (;;) {
        const res = await client
          .send({
            ...call,
            headers: {
              'x-tappa-csrf': '1',
              'content-type': 'application/json',
              ...(call.cookie ? { cookie: call.cookie } : {}),
              ...(call.ip ? { 'x-forwarded-for': call.ip } : {}),
            },
          })
          .catch(() => null);
        if (res?.status === 200) return JSON.parse(res.body) as T;
        if (res && res.status !== 503) throw new Error(`${call.path}: ${res.status} ${res.body}`);
        if (res) retried.unavailable += 1;
        else retried.refused += 1;
        await up;
      }
    };

    const stream = (p: string, headers: Record<string, string>) =>
      openResumingStream({ baseUrl, path: p, headers, whenUp: () => up });
    const phones = Array.from({ length: OPTIONS.phones }, (_, n) => {
      const team = world.teams[n % world.teams.length];
      if (!team) throw new Error('no team');
      return {
        team,
        stream: stream(`${base}/games/${team.gameId}/live/stream`, {
          cookie: team.cookie,
          'x-forwarded-for': team.ip,
        }),
      };
    });
    const others: ResumingStream[] = [
      ...Array.from({ length: OPTIONS.consoles }, (_, n) =>
        stream(`/api/tenants/${world.slug}/live/stream`, {
          cookie: admin,
          'x-forwarded-for': `10.240.0.${n + 1}`,
        }),
      ),
      ...Array.from({ length: OPTIONS.scoreboards }, (_, n) =>
        stream(`/api/public/tenants/${world.slug}/scoreboard/stream?route=${world.routeSlug}`, {
          'x-forwarded-for': `10.241.${Math.floor(n / 250)}.${(n % 250) + 1}`,
        }),
      ),
    ];
    const streams = [...phones.map((p) => p.stream), ...others];

    const tries = world.teams.map((team) =>
      team.steps.flatMap((step) =>
        ['risposta-sbagliata', step.answer].map((answer) => ({
          step,
          body: JSON.stringify({
            submission_id: randomUUID(),
            answer,
            position: { lat: step.lat, lng: step.lng, accuracy_m: 5 },
            heading_deg: null,
          }),
          reply: null as SubmitResult | null,
        })),
      ),
    );
    const total = tries.flat().length;
    const acknowledged = new Acknowledged();
    const staffDone = deferred();
    const restarts: Promise<{ gapMs: number; stopMs: number; exitCode: number | null }>[] = [];
    const restartServer = async () => {
      const next = deferred();
      up = next.promise;
      const sigtermAt = performance.now();
      await server.stop();
      const stopMs = performance.now() - sigtermAt;
      const exitCode = server.exitCode();
      server = await start(new URL(baseUrl).port);
      next.resolve();
      return { gapMs: performance.now() - sigtermAt, stopMs, exitCode };
    };
    const play = async (team: Team, plan: (typeof tries)[number], isAdjusted: boolean) => {
      for (const t of plan) {
        // An adjusted team finishes once the staff is done: a game over takes no points.
        if (isAdjusted && t === plan.at(-1)) await staffDone.promise;
        t.reply = await untilAnswered<SubmitResult>({
          method: 'POST',
          path: `${base}/games/${team.gameId}/steps/${t.step.id}/submit`,
          body: t.body,
          cookie: team.cookie,
          ip: team.ip,
        });
        acknowledged.add();
        if (acknowledged.value === Math.floor(total / 2)) restarts.push(restartServer());
      }
    };
    const actions: { team: Team; points: number; id: number }[] = [];
    const act = async () => {
      for (let n = 0; n < OPTIONS.adjustments; n += 1) {
        await acknowledged.reached(
          Math.floor((n * (total - world.teams.length)) / OPTIONS.adjustments),
        );
        const team = world.teams[n % ADJUSTED_TEAMS];
        if (!team) throw new Error('no team');
        const points = (n % 5) + 1;
        const result = await untilAnswered<LiveActionResult>({
          method: 'POST',
          path: `/api/tenants/${world.slug}/live/games/${team.gameId}/points`,
          body: JSON.stringify({ action_id: randomUUID(), points, reason: `Bench ${n}` }),
          cookie: admin,
        });
        actions.push({ team, points, id: result.event.id });
      }
      staffDone.resolve();
    };
    const playStarted = performance.now();
    await Promise.all([
      ...world.teams.map((team, i) => play(team, tries[i] ?? [], i < ADJUSTED_TEAMS)),
      act(),
    ]);
    const [stopped] = await Promise.all(restarts);
    if (!stopped) throw new Error('the server was not restarted');
    const playMs = performance.now() - playStarted;

    // Each try sent again: answered as it was (stored once), nothing changes.
    let repeatsDiffering = 0;
    for (const [i, team] of world.teams.entries()) {
      for (const t of tries[i] ?? []) {
        const again = await untilAnswered<SubmitResult>({
          method: 'POST',
          path: `${base}/games/${team.gameId}/steps/${t.step.id}/submit`,
          body: t.body,
          cookie: team.cookie,
          ip: team.ip,
        });
        if (JSON.stringify(again) !== JSON.stringify(t.reply)) repeatsDiffering += 1;
      }
    }
    // The ledger of every game: one award per right answer, one entry per staff action, its sum.
    let lost = 0;
    let twice = 0;
    let scoresOff = 0;
    const totals: number[] = [];
    for (const [i, team] of world.teams.entries()) {
      const ledger = await untilAnswered<GameLedger>({
        method: 'GET',
        path: `/api/tenants/${world.slug}/live/games/${team.gameId}/ledger`,
        cookie: admin,
      });
      const awards = ledger.entries.filter((e) => e.kind === 'try').length;
      const staff = ledger.entries.filter((e) => e.kind === 'adjustment').map((e) => e.id);
      const own = actions.filter((a) => a.team === team).map((a) => a.id);
      const correct = (tries[i] ?? []).filter((t) => t.reply?.outcome === 'correct').length;
      lost += Math.max(0, correct - awards) + own.filter((id) => !staff.includes(id)).length;
      twice += Math.max(0, awards - correct) + Math.max(0, staff.length - own.length);
      const sum = ledger.entries.reduce((s, e) => s + e.points, 0);
      if (sum !== ledger.total_score) scoresOff += 1;
      totals.push(ledger.total_score);
    }

    // Streams: each ends up showing the end state (awaited as events arrive).
    const lastOf = new Map<string, number>();
    for (const a of actions) lastOf.set(a.team.gameId, a.id);
    const top = [...totals].sort((a, b) => b - a).slice(0, 20);
    const sumOf = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    await Promise.all([
      ...phones.map(({ team, stream: s }) => {
        const last = lastOf.get(team.gameId);
        return s.waitUntil((events) =>
          events.some((e) => (JSON.parse(e.data) as GameLive).staff_event?.id === last),
        );
      }),
      ...others.slice(0, OPTIONS.consoles).map((s) => {
        const holding = consoleHolder();
        return s.waitUntil(
          (events) => sumOf(holding(events)?.teams.map((t) => t.score) ?? []) === sumOf(totals),
        );
      }),
      ...others.slice(OPTIONS.consoles).map((s) =>
        s.waitUntil((events) => {
          const last = events.at(-1);
          return (
            last !== undefined &&
            sumOf((JSON.parse(last.data) as Rankings).overall.map((r) => r.score)) === sumOf(top)
          );
        }),
      ),
    ]);
    let missed = 0;
    let duplicated = 0;
    let replayed = 0;
    for (const { team, stream: s } of phones) {
      const own = actions.filter((a) => a.team === team).map((a) => a.id);
      const seen: number[] = [];
      for (const e of s.events.filter((x) => x.event === GAME_LIVE_EVENT)) {
        const id = (JSON.parse(e.data) as GameLive).staff_event?.id;
        if (id !== undefined && id !== seen.at(-1)) seen.push(id);
        if (e.connection > 0 && /^\d+$/.test(e.id ?? '')) replayed += 1;
      }
      missed += own.filter((id) => !seen.includes(id)).length;
      duplicated += seen.length - new Set(seen).size;
      if (seen.some((id, k) => k > 0 && id < (seen[k - 1] ?? 0))) duplicated += 1;
    }
    const notResumed = streams.filter(
      (s) => s.connections() < 1 || !s.events.some((e) => e.connection > 0),
    ).length;
    for (const s of streams) s.close();

    const ok = (n: number) => (n === 0 ? 'goal met (0)' : `goal NOT met (${n})`);
    console.log(`\nRestart under load, ${engine}`);
    console.log(
      `  ${world.teams.length} teams, ${total} tries (${acknowledged.value} acknowledged), ` +
        `${actions.length} staff adjustments, ${streams.length} streams ` +
        `(${phones.length} phones, ${OPTIONS.consoles} consoles, ${OPTIONS.scoreboards} scoreboards)`,
    );
    console.log(
      `  SIGTERM at ${Math.floor(total / 2)} acknowledged tries; SIGTERM to the new server listening: ` +
        `${stopped.gapMs.toFixed(0)} ms (the old one exited ${stopped.exitCode} after ` +
        `${stopped.stopMs.toFixed(0)} ms); play took ${(playMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `  requests sent again: ${retried.refused} refused, ${retried.unavailable} answered 503`,
    );
    console.log(`  lost answers:               ${lost}   ${ok(lost)}`);
    console.log(`  answers counted twice:      ${twice}   ${ok(twice)}`);
    console.log(`  repeats answered otherwise: ${repeatsDiffering}   ${ok(repeatsDiffering)}`);
    console.log(`  games whose score ≠ Σ ledger: ${scoresOff}   ${ok(scoresOff)}`);
    console.log(`  staff events missed by a phone: ${missed}   ${ok(missed)}`);
    console.log(`  staff events shown twice or out of order: ${duplicated}   ${ok(duplicated)}`);
    console.log(`  streams that did not resume: ${notResumed}   ${ok(notResumed)}`);
    console.log(`  events replayed to phones after the restart: ${replayed}`);
  } finally {
    client.close();
    await server.stop();
    await pg?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

for (const engine of OPTIONS.databases) await run(engine);
