import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Rankings } from '@tappa/contracts';
import { WRONG_TRIES } from '@tappa/domain';
import { RATE_LIMITS } from '../../../apps/server/src/modules/limits/route-limits';
import { createHttpClient, type HttpClient } from '../lib/http-client';
import { httpPlayer } from '../lib/http-player';
import { BENCH_SUPERADMIN } from '../lib/server-process';
import type { Team } from '../lib/setup';
import { openAudience } from './audience';
import { type Deployment, type EventWorld, setUpEvent } from './deployment';
import { SEEN_WITHIN_MS } from './options';
import { PushTracker } from './push-tracker';
import { ms } from './report';
import { openEventStream } from '../scoreboards/event-streams';

/** One functional check of two instances: its line and whether it passed. */
export interface Check {
  ok: boolean;
  line: string;
}

const check = (ok: boolean, what: string, detail: string): Check => ({
  ok,
  line: `  ${ok ? 'PASS' : 'FAIL'} ${what}: ${detail}`,
});

/**
 * A stream opened through instance B sees a try made through instance A: a fresh tenant's
 * rankings and live console, opened on B; the try of one of its teams sent to A.
 */
async function streamsAcross(
  a: HttpClient,
  deployment: Deployment,
  world: EventWorld,
): Promise<Check[]> {
  const b = deployment.instances[1];
  if (!b) throw new Error('no second instance');
  const tracker = new PushTracker();
  const audience = await openAudience(b.baseUrl, { world, viewers: 1, pollers: 0, tracker });
  try {
    const [team] = world.teams;
    if (!team) throw new Error('no team');
    const player = httpPlayer(a, {
      slug: world.slug,
      team,
      wrongRatio: 0,
      onResult: (result, answeredAt) =>
        tracker.answered({
          name: team.name,
          gameId: team.gameId,
          score: result.total_score,
          answeredAt,
        }),
    });
    await tracker.settle();
    const outcome = await player.tryNext();
    const { rankings, console } = await tracker.settle();
    const shown = (what: string, sorted: number[]) =>
      check(
        outcome.kind === 'correct' && sorted.length === 1,
        `a ${what} stream on app2 shows a try sent to app1`,
        sorted.length === 1
          ? `shown ${ms(sorted, 50)} after the answer`
          : `not shown within ${SEEN_WITHIN_MS} ms`,
      );
    return [shown('rankings', rankings.latenciesMs), shown('live console', console.latenciesMs)];
  } finally {
    await audience.close();
  }
}

/** A deliberate wrong answer of `team` at its first step, sent to `client`: its status. */
async function wrongTry(client: HttpClient, slug: string, team: Team): Promise<number> {
  const step = team.steps[0];
  if (!step) throw new Error('no step');
  const res = await client.send({
    method: 'POST',
    path: `/api/play/${slug}/games/${team.gameId}/steps/${step.id}/submit`,
    headers: {
      'content-type': 'application/json',
      'x-tappa-csrf': '1',
      'x-forwarded-for': team.ip,
      cookie: team.cookie,
    },
    body: JSON.stringify({
      submission_id: randomUUID(),
      answer: 'risposta-sbagliata',
      position: { lat: step.lat, lng: step.lng, accuracy_m: 5 },
      heading_deg: null,
    }),
  });
  return res.status;
}

/**
 * The limits are counted once for both instances: a team's wrong tries (WRONG_TRIES a minute) and
 * an address's sign-ins (RATE_LIMITS.signIn), sent to app1 and app2 in turn.
 */
async function limitsShared(clients: HttpClient[], world: EventWorld): Promise<Check[]> {
  const team = world.teams[1];
  if (!team) throw new Error('no team');
  const alternate = async (count: number, send: (client: HttpClient) => Promise<number>) => {
    const statuses: number[] = [];
    for (let n = 0; n < count; n += 1) {
      const client = clients[n % clients.length];
      if (!client) throw new Error('no instance');
      statuses.push(await send(client));
    }
    return statuses;
  };
  const tries = await alternate(WRONG_TRIES.capacity + 2, (c) => wrongTry(c, world.slug, team));
  const signIns = await alternate(RATE_LIMITS.signIn.max + 2, async (c) => {
    const res = await c.send({
      method: 'POST',
      path: '/api/session/sign-in',
      headers: {
        'content-type': 'application/json',
        'x-tappa-csrf': '1',
        'x-forwarded-for': '10.251.0.1',
      },
      body: JSON.stringify(BENCH_SUPERADMIN),
    });
    return res.status;
  });
  const isLimited = (statuses: number[], max: number) =>
    statuses.slice(0, max).every((s) => s === 200) && statuses.slice(max).every((s) => s === 429);
  return [
    check(
      isLimited(tries, WRONG_TRIES.capacity),
      `a team's wrong tries count once on both instances (${WRONG_TRIES.capacity} a minute)`,
      `statuses in turn app1, app2: ${tries.join(' ')}`,
    ),
    check(
      isLimited(signIns, RATE_LIMITS.signIn.max),
      `an address's sign-ins count once on both instances (${RATE_LIMITS.signIn.max} a minute)`,
      `statuses in turn app1, app2: ${signIns.join(' ')}`,
    ),
  ];
}

/**
 * The event route's rankings read through app1 and through app2 are the same, once both
 * instances' streams show the same rows (each instance computes its own, from the one database).
 */
async function rankingsEqual(
  deployment: Deployment,
  clients: HttpClient[],
  world: EventWorld,
): Promise<Check> {
  const path = `/api/public/tenants/${world.slug}/scoreboard?route=${world.routeSlug}`;
  const rowsOf = (body: string) => {
    const { overall, today } = JSON.parse(body) as Rankings;
    return JSON.stringify({ overall, today });
  };
  // Each instance catches up with the last tries within a coalescing window or two: wait until
  // their streams show the same rows (or SEEN_WITHIN_MS), then read.
  const shown: string[] = [];
  let wake: (() => void) | null = null;
  const streams = await Promise.all(
    deployment.instances.map((instance, n) =>
      openEventStream(instance.baseUrl, {
        path: `/api/public/tenants/${world.slug}/scoreboard/stream?route=${world.routeSlug}`,
        ip: `10.252.0.${n + 1}`,
        onEvent: (data) => {
          shown[n] = rowsOf(data);
          wake?.();
        },
      }),
    ),
  );
  try {
    const deadline = performance.now() + SEEN_WITHIN_MS;
    while (shown[0] !== shown[1] && performance.now() < deadline) {
      const cancel = new AbortController();
      await Promise.race([
        new Promise<void>((resolve) => (wake = resolve)),
        sleep(deadline - performance.now(), undefined, { signal: cancel.signal }).catch(
          () => undefined,
        ),
      ]);
      cancel.abort();
    }
  } finally {
    for (const stream of streams) stream.close();
  }
  const rows = await Promise.all(
    clients.map(async (c) => rowsOf((await c.send({ method: 'GET', path })).body)),
  );
  const count = (JSON.parse(rows[0] ?? '{}') as { overall?: unknown[] }).overall?.length ?? 0;
  return check(
    rows[0] === rows[1],
    'the rankings read through app1 and app2 are equal',
    rows[0] === rows[1] ? `${count} rows, the same` : 'they differ',
  );
}

/** The functional checks of two instances behind HAProxy (each instance also asked directly). */
export async function checkInstances(deployment: Deployment, world: EventWorld): Promise<Check[]> {
  const clients = deployment.instances.map((instance) => createHttpClient(instance.baseUrl, 4));
  try {
    const [a] = clients;
    if (!a) throw new Error('no instance');
    const small = await setUpEvent(a, { teams: 2 });
    return [
      ...(await streamsAcross(a, deployment, small)),
      ...(await limitsShared(clients, small)),
      await rankingsEqual(deployment, clients, world),
    ];
  } finally {
    for (const client of clients) client.close();
  }
}
