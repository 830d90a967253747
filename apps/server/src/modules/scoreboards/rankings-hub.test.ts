import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Rankings } from '@tappa/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../test/helpers/manual-clock';
import type { TenantScope } from '../../db/scope';
import { RANKINGS_QUIET_MS, RankingsHub } from './rankings-hub';
import type { RankingTarget } from './scoreboards.service';

/** A viewer's response: it keeps the scores of the `rankings` frames written to it. */
class FakeViewer extends EventEmitter {
  readonly socket = { destroyed: false };
  readonly destroyed = false;
  readonly writableEnded = false;
  readonly writableLength = 0;
  readonly scores: number[] = [];

  write(chunk: Buffer): boolean {
    const match = /"score":(\d+)/.exec(chunk.toString());
    if (match) this.scores.push(Number(match[1]));
    return true;
  }

  end(): void {
    this.emit('close');
  }
}

const target: RankingTarget = {
  scope: { kind: 'tenant', tenantId: 't1', slug: 'acme' } as TenantScope,
  timeZone: 'Europe/Rome',
  route: null,
};

/** One team's rankings at its current `score`; `computations` counts the rankings computed. */
function scoringTeam() {
  const team = {
    score: 0,
    computations: 0,
    compute: (_target: RankingTarget, now: Date): Promise<Rankings> => {
      team.computations += 1;
      const row = {
        id: 'r1',
        position: 1,
        team_name: 'Le Civette',
        score: team.score,
        progress: 1,
        total: 5,
        last_seen: now.toISOString(),
        route_type: 'progressive' as const,
      };
      return Promise.resolve({
        route: null,
        overall: [row],
        today: [row],
        computed_at: now.toISOString(),
      });
    },
  };
  return team;
}

describe('RankingsHub', () => {
  let hub: RankingsHub;
  afterEach(() => hub.close());

  it('writes every new ranking to thousands of viewers, in order, one computation per change', async () => {
    const clock = new ManualClock();
    const team = scoringTeam();
    hub = new RankingsHub({ clock, logger: { error: () => undefined }, compute: team.compute });
    const initial = await hub.read(target);
    const viewers = Array.from({ length: 1_700 }, () => new FakeViewer());
    for (const viewer of viewers) hub.attach(target, viewer as unknown as ServerResponse, initial);

    // Two changes, each after the previous one was computed and pushed and its window ended.
    for (const next of [10, 20]) {
      team.score = next;
      hub.signal('t1', null);
      clock.advance(RANKINGS_QUIET_MS);
      await hub.idle();
    }

    expect(team.computations).toBe(3);
    for (const viewer of viewers) expect(viewer.scores).toEqual([0, 10, 20]);
    expect(hub.stats()).toEqual({ open_streams: 1_700, rankings_computed: 3 });
  });

  it('pushes a lone change at once, and the burst that follows it in one more computation', async () => {
    const clock = new ManualClock();
    const team = scoringTeam();
    hub = new RankingsHub({ clock, logger: { error: () => undefined }, compute: team.compute });
    const viewer = new FakeViewer();
    hub.attach(target, viewer as unknown as ServerResponse, await hub.read(target));

    // The clock does not move: the first change after a quiet moment waits for no window.
    team.score = 10;
    hub.signal('t1', null);
    await hub.idle();
    expect(viewer.scores).toEqual([0, 10]);
    // Changes within the window that follows wait for it, and make one computation together.
    for (const next of [20, 30, 40]) {
      clock.advance(RANKINGS_QUIET_MS / 3);
      team.score = next;
      hub.signal('t1', null);
    }
    await hub.idle();
    expect(team.computations).toBe(2);
    clock.advance(RANKINGS_QUIET_MS);
    await hub.idle();
    expect(viewer.scores).toEqual([0, 10, 40]);
    expect(team.computations).toBe(3);
  });

  it("keeps a route's slug lookup with its rankings, and forgets it with them or at once", async () => {
    const clock = new ManualClock();
    hub = new RankingsHub({
      clock,
      logger: { error: () => undefined },
      compute: (_target, now) =>
        Promise.resolve({ route: null, overall: [], today: [], computed_at: now.toISOString() }),
    });
    const base = { scope: target.scope, timeZone: target.timeZone };
    const route = { id: 'r1', slug: 'giro', title: 'Giro', route_type: 'progressive' as const };
    let lookups = 0;
    const find = (slug: string) => {
      lookups += 1;
      return Promise.resolve(slug === 'giro' ? route : null);
    };
    const resolve = async (slug = 'giro') => (await hub.resolveRoute(base, slug, find))?.route;

    expect(await resolve()).toEqual(route);
    expect(await resolve()).toEqual(route);
    expect(lookups).toBe(1);
    // Misses are not kept.
    expect(await resolve('altro')).toBeUndefined();
    expect(await resolve('altro')).toBeUndefined();
    expect(lookups).toBe(3);

    // A change of the route's rankings (after its window) takes the lookup with it.
    hub.signal('t1', 'r1');
    clock.advance(RANKINGS_QUIET_MS);
    await hub.idle();
    await resolve();
    await resolve();
    expect(lookups).toBe(4);
    // Another route's change does not; the route's own change (renamed, deleted) at once does.
    hub.forgetRoutes('t1', 'r2');
    await resolve();
    expect(lookups).toBe(4);
    hub.forgetRoutes('t1', 'r1');
    await resolve();
    expect(lookups).toBe(5);
    // A lookup that a change overtook is answered but not kept.
    hub.forgetRoutes('t1', 'r1');
    const overtaken = hub.resolveRoute(base, 'giro', (slug) => {
      hub.forgetRoutes('t1', null);
      return find(slug);
    });
    expect((await overtaken)?.route).toEqual(route);
    await resolve();
    expect(lookups).toBe(7);
  });
});
