import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { ManualClock } from '../../../test/helpers/manual-clock';
import { SLOW_READER_RETRY_MS } from './snapshot';
import { SNAPSHOT_PING_MS, SnapshotHub } from './snapshot-hub';
import { FanOut } from './fan-out';

const INTERVAL_MS = 200;

/** A viewer's response: it keeps the scores and ids of the frames written to it. */
class FakeViewer extends EventEmitter {
  readonly socket = {
    destroyed: false,
    /** What `setTimeout` was given: after how long of no traffic, and what then. */
    idle: null as { ms: number; then: () => void } | null,
    setTimeout(ms: number, then: () => void) {
      this.idle = { ms, then };
    },
    /** Nothing is held back: every write is noted at once. */
    uncork: () => undefined,
  };
  destroyed = false;
  writableEnded = false;
  writableLength = 0;
  readonly scores: number[] = [];
  readonly ids: string[] = [];
  /** The `retry:` of each frame that sets it. */
  readonly retries: number[] = [];
  isEnded = false;
  /** How many `: ping` comments it got. */
  pings = 0;
  /** The event name and data of each frame. */
  readonly frames: { event: string; data: string }[] = [];

  write(chunk: Buffer): boolean {
    const text = chunk.toString();
    if (text === ': ping\n\n') this.pings += 1;
    const event = /^event: (.+)$/m.exec(text)?.[1];
    const data = /^data: (.+)$/m.exec(text)?.[1];
    if (event && data) this.frames.push({ event, data });
    const score = /"score":(\d+)/.exec(text);
    if (score) this.scores.push(Number(score[1]));
    const id = /^id: (.+)$/m.exec(text);
    if (id?.[1]) this.ids.push(id[1]);
    const retry = /^retry: (\d+)$/m.exec(text);
    if (retry) this.retries.push(Number(retry[1]));
    return true;
  }

  destroy(): void {
    this.destroyed = true;
    this.emit('close');
  }

  end(chunk?: Buffer): void {
    if (chunk) this.write(chunk);
    this.isEnded = true;
    this.writableEnded = true;
    this.emit('close');
  }
}

/** A target: a tenant's item (null: all its items). */
interface Target {
  group: string;
  item: string | null;
}

const all: Target = { group: 't1', item: null };

/**
 * A hub of one team's `score` (and `pad`, to make its frames large); `computations` counts the
 * values computed, `serialized` the values serialized whole. With `changes`, it pushes the
 * difference of the scores.
 */
function scoringHub(
  clock = new ManualClock(),
  opts: {
    dropUnwatched?: boolean;
    changes?: boolean;
    onPushed?: (latencyMs: number) => void;
    fanOut?: FanOut;
  } = {},
) {
  const team = { score: 0, computations: 0, serialized: 0, pad: '' };
  const hub = new SnapshotHub<Target, { score: number; at: string; pad: string }>({
    keyOf: (target) => target,
    compute: (_target, now) => {
      team.computations += 1;
      return Promise.resolve({ score: team.score, at: now.toISOString(), pad: team.pad });
    },
    serialize: (value) => {
      team.serialized += 1;
      return { json: JSON.stringify(value), comparable: JSON.stringify({ score: value.score }) };
    },
    event: 'score',
    changes: opts.changes
      ? {
          event: 'score-change',
          between: (before, after, base) =>
            before.score === after.score
              ? null
              : JSON.stringify({ base, by: after.score - before.score }),
        }
      : undefined,
    retryMs: 5000,
    pushIntervalMs: INTERVAL_MS,
    label: 'scores',
    clock,
    logger: { error: () => undefined },
    dropUnwatched: opts.dropUnwatched,
    onPushed: opts.onPushed,
    // Writing is timed on the test's clock, not the machine's: a busy machine's slow writes
    // would otherwise stretch the push interval (WRITE_SHARE) past what the test moves.
    fanOut: opts.fanOut ?? new FanOut(() => clock.monotonicMs()),
  });
  return { clock, team, hub };
}

const asResponse = (viewer: FakeViewer) => viewer as unknown as ServerResponse;

/**
 * A hub of a game's stored events (ids in `stored`): its value holds the newest, and each stream
 * sees every one of them.
 */
function storedEventsHub() {
  const stored: number[] = [];
  const hub = new SnapshotHub<Target, { newest: number }>({
    keyOf: (target) => target,
    compute: () => Promise.resolve({ newest: stored.at(-1) ?? 0 }),
    serialize: (value) => ({ json: JSON.stringify(value), comparable: JSON.stringify(value) }),
    event: 'game',
    stored: {
      cursorOf: (value) => value.newest,
      between: (_target, value, after) =>
        Promise.resolve(
          stored.filter((id) => id > after && id < value.newest).map((id) => ({ newest: id })),
        ),
    },
    retryMs: 5000,
    pushIntervalMs: INTERVAL_MS,
    label: 'game',
    clock: new ManualClock(),
    logger: { error: () => undefined },
  });
  return { stored, hub };
}

/** The `newest` of each frame a viewer got. */
const newestOf = (viewer: FakeViewer) =>
  viewer.frames.map((frame) => (JSON.parse(frame.data) as { newest: number }).newest);

describe('SnapshotHub', () => {
  let hub: ReturnType<typeof scoringHub>['hub'];
  afterEach(() => hub.close());

  it('forgets a key when its last stream closes, only when asked to', async () => {
    const game: Target = { group: 't1', item: 'g1' };
    for (const dropUnwatched of [false, true]) {
      const s = scoringHub(new ManualClock(), { dropUnwatched });
      hub = s.hub;
      const first = new FakeViewer();
      const second = new FakeViewer();
      hub.attach(game, asResponse(first), await hub.read(game));
      hub.attach(game, asResponse(second), await hub.read(game));
      first.end();
      // One stream still open: its value is kept.
      await hub.read(game);
      expect(s.team.computations).toBe(1);
      second.end();
      await hub.read(game);
      expect(s.team.computations).toBe(dropUnwatched ? 2 : 1);
      hub.close();
    }
  });

  it('pings a quiet stream every interval, and not one pushed to in the last half interval', async () => {
    const s = scoringHub();
    hub = s.hub;
    const viewer = new FakeViewer();
    hub.attach(all, asResponse(viewer), await hub.read(all));
    s.clock.advance(SNAPSHOT_PING_MS);
    await hub.idle();
    expect(viewer.pings).toBe(1);

    // A change pushed a quarter interval before the next tick: that tick sends no ping.
    s.clock.advance((SNAPSHOT_PING_MS * 3) / 4);
    s.team.score = 10;
    hub.signal('t1', null);
    await hub.idle();
    s.clock.advance(SNAPSHOT_PING_MS / 4);
    await hub.idle();
    expect(viewer.scores).toEqual([0, 10]);
    expect(viewer.pings).toBe(1);

    // The tick after it does.
    s.clock.advance(SNAPSHOT_PING_MS);
    await hub.idle();
    expect(viewer.pings).toBe(2);
  });

  it('writes every new value to thousands of viewers, in order, one computation per change', async () => {
    const s = scoringHub();
    hub = s.hub;
    const initial = await hub.read(all);
    const viewers = Array.from({ length: 1_700 }, () => new FakeViewer());
    for (const viewer of viewers) hub.attach(all, asResponse(viewer), initial);

    // Two changes, each after the previous one was computed and pushed and its window ended.
    for (const next of [10, 20]) {
      s.team.score = next;
      hub.signal('t1', null);
      s.clock.advance(INTERVAL_MS);
      await hub.idle();
    }

    expect(s.team.computations).toBe(3);
    for (const viewer of viewers) expect(viewer.scores).toEqual([0, 10, 20]);
    expect(hub.stats()).toEqual({ openStreams: 1_700, computed: 3 });
  });

  it('pushes a lone change at once, and the burst that follows it in one more computation', async () => {
    // How long each push took from its signal (the push latency of the metrics).
    const latencies: number[] = [];
    const s = scoringHub(new ManualClock(), { onPushed: (ms) => latencies.push(ms) });
    hub = s.hub;
    const viewer = new FakeViewer();
    hub.attach(all, asResponse(viewer), await hub.read(all));

    // The clock does not move: the first change after a quiet moment waits for no window.
    s.team.score = 10;
    hub.signal('t1', null);
    await hub.idle();
    expect(viewer.scores).toEqual([0, 10]);
    expect(latencies).toEqual([0]);
    // Changes within the interval that follows wait for its end, and make one computation.
    for (const next of [20, 30, 40]) {
      s.clock.advance(INTERVAL_MS / 4);
      s.team.score = next;
      hub.signal('t1', null);
    }
    await hub.idle();
    expect(s.team.computations).toBe(2);
    s.clock.advance(INTERVAL_MS / 4);
    await hub.idle();
    expect(viewer.scores).toEqual([0, 10, 40]);
    expect(s.team.computations).toBe(3);
    // Timed from the burst's first signal, not its last.
    expect(latencies).toEqual([0, INTERVAL_MS - INTERVAL_MS / 4]);
    // A value that did not change is pushed to nobody: nothing to time.
    s.clock.advance(INTERVAL_MS);
    hub.invalidateNow('t1', null);
    await hub.idle();
    expect(latencies).toHaveLength(2);
  });

  it('pushes less often while writing to the viewers is costly', async () => {
    // Writing takes 1 ms per turn of 32 viewers: 3,200 viewers, 100 ms a push.
    let cpuMs = 0;
    const s = scoringHub(new ManualClock(), { fanOut: new FanOut(() => (cpuMs += 1)) });
    hub = s.hub;
    const initial = await hub.read(all);
    const viewers = Array.from({ length: 3_200 }, () => new FakeViewer());
    for (const viewer of viewers) hub.attach(all, asResponse(viewer), initial);
    s.team.score = 10;
    hub.signal('t1', null);
    await hub.idle();
    // The next change waits for 10 × those 100 ms (the fan-out takes at most a tenth of the
    // event loop), not for the 200 ms of the interval.
    s.team.score = 20;
    hub.signal('t1', null);
    s.clock.advance(999);
    await hub.idle();
    expect(viewers[0]?.scores).toEqual([0, 10]);
    s.clock.advance(1);
    await hub.idle();
    for (const viewer of viewers) expect(viewer.scores).toEqual([0, 10, 20]);
  });

  it("changes a group's whole view with any of its items, and an item's view with its own", async () => {
    const s = scoringHub();
    hub = s.hub;
    const one = { group: 't1', item: 'r1' };
    const [whole, item, other] = [new FakeViewer(), new FakeViewer(), new FakeViewer()];
    hub.attach(all, asResponse(whole), await hub.read(all));
    hub.attach(one, asResponse(item), await hub.read(one));
    hub.attach(
      { group: 't1', item: 'r2' },
      asResponse(other),
      await hub.read({ group: 't1', item: 'r2' }),
    );
    s.team.score = 5;
    hub.invalidateNow('t1', 'r1');
    await hub.idle();
    expect([whole.scores, item.scores, other.scores]).toEqual([[0, 5], [0, 5], [0]]);
  });

  it('sends an unchanged value to nobody, and not again to a stream that resumes with its id', async () => {
    const s = scoringHub();
    hub = s.hub;
    const first = new FakeViewer();
    hub.attach(all, asResponse(first), await hub.read(all));
    // Computed again (another time), equal in what matters: no frame.
    hub.invalidateNow('t1', null);
    await hub.idle();
    expect(first.scores).toEqual([0]);
    expect(s.team.computations).toBe(2);

    // The browser reconnects with the id it saw last: nothing to send until a change.
    const [seen] = first.ids;
    const resumed = new FakeViewer();
    hub.attach(all, asResponse(resumed), await hub.read(all), seen);
    expect(resumed.scores).toEqual([]);
    // An older id gets the current value.
    const behind = new FakeViewer();
    hub.attach(all, asResponse(behind), await hub.read(all), 'an-older-id');
    expect(behind.scores).toEqual([0]);
    s.team.score = 7;
    hub.invalidateNow('t1', null);
    await hub.idle();
    expect(resumed.scores).toEqual([7]);
    expect(resumed.ids[0]).not.toBe(seen);
  });

  it('pushes what changed after a whole first frame; only a newcomer or a GET serializes it whole', async () => {
    const s = scoringHub(new ManualClock(), { changes: true });
    hub = s.hub;
    const { team } = s;
    const first = new FakeViewer();
    hub.attach(all, asResponse(first), await hub.read(all));
    const scoreOf = (frame?: { data: string }) =>
      (JSON.parse(frame!.data) as { score: number }).score;
    expect(first.frames.map((f) => f.event)).toEqual(['score']);
    expect(scoreOf(first.frames[0])).toBe(0);
    expect(team.serialized).toBe(1);

    team.score = 3;
    hub.invalidateNow('t1', null);
    await hub.idle();
    expect(first.frames[1]).toEqual({
      event: 'score-change',
      data: JSON.stringify({ base: first.ids[0], by: 3 }),
    });
    // Nothing serialized whole for a change; computed again with nothing new: no frame.
    expect(team.serialized).toBe(1);
    hub.invalidateNow('t1', null);
    await hub.idle();
    expect(first.frames).toHaveLength(2);

    // A newcomer gets the value the viewers hold, whole, with its id; a GET reads it whole.
    const second = new FakeViewer();
    hub.attach(all, asResponse(second), await hub.read(all));
    expect(second.frames.map((f) => f.event)).toEqual(['score']);
    expect(scoreOf(second.frames[0])).toBe(3);
    expect(second.ids).toEqual([first.ids[1]]);
    expect(scoreOf({ data: (await hub.read(all)).json })).toBe(3);
    team.score = 5;
    hub.invalidateNow('t1', null);
    await hub.idle();
    for (const viewer of [first, second]) {
      expect(viewer.frames.at(-1)).toEqual({
        event: 'score-change',
        data: JSON.stringify({ base: first.ids[1], by: 2 }),
      });
    }
    // A stream that resumes with the id it saw last gets only what follows.
    const resumed = new FakeViewer();
    hub.attach(all, asResponse(resumed), await hub.read(all), first.ids.at(-1));
    expect(resumed.frames).toEqual([]);
  });

  it('sends each stored event once, those a stream missed first when it comes back', async () => {
    const s = storedEventsHub();
    onTestFinished(() => s.hub.close());
    const game: Target = { group: 't1', item: 'g1' };
    const watching = new FakeViewer();
    s.hub.attach(game, asResponse(watching), await s.hub.read(game));
    // Three events land before the hub recomputes: each reaches the open stream, in order.
    s.stored.push(3, 5, 7);
    s.hub.invalidateNow('t1', 'g1');
    await s.hub.idle();
    expect(newestOf(watching)).toEqual([0, 3, 5, 7]);
    expect(watching.ids.slice(1, 3)).toEqual(['3', '5']);
    expect(watching.ids[3]).toMatch(/^7\./);

    // A stream that saw 3 last (on another process, say) gets 5, then the value; one that saw
    // the value gets nothing again.
    const back = new FakeViewer();
    s.hub.attach(game, asResponse(back), await s.hub.read(game), '3');
    const current = new FakeViewer();
    s.hub.attach(game, asResponse(current), await s.hub.read(game), watching.ids.at(-1));
    await s.hub.idle();
    expect(newestOf(back)).toEqual([5, 7]);
    expect(back.ids.at(-1)).toBe(watching.ids.at(-1));
    expect(current.frames).toEqual([]);
  });

  it('tells every stream to reconnect soon when it closes, and ends them', async () => {
    const s = scoringHub();
    hub = s.hub;
    const viewers = Array.from({ length: 20 }, () => new FakeViewer());
    for (const viewer of viewers) hub.attach(all, asResponse(viewer), await hub.read(all));
    hub.close();
    for (const viewer of viewers) {
      // The stream's own retry, then the closing one: 250 ms to 1.25 s, spread.
      expect(viewer.retries[0]).toBe(5000);
      expect(viewer.retries[1]).toBeGreaterThanOrEqual(250);
      expect(viewer.retries[1]).toBeLessThan(1250);
      expect(viewer.isEnded).toBe(true);
    }
    expect(new Set(viewers.map((viewer) => viewer.retries[1])).size).toBeGreaterThan(1);
  });

  it('sends a viewer that stopped reading to polling, and pushes to the others', async () => {
    const s = scoringHub();
    hub = s.hub;
    const [slow, reader] = [new FakeViewer(), new FakeViewer()];
    hub.attach(all, asResponse(slow), await hub.read(all));
    hub.attach(all, asResponse(reader), await hub.read(all));
    slow.writableLength = 1024 * 1024;
    s.team.score = 3;
    hub.invalidateNow('t1', null);
    await hub.idle();
    // Its stream ends with the hint to poll for a while; not the new value, which it cannot take.
    expect(slow.isEnded).toBe(true);
    expect(slow.scores).toEqual([0]);
    expect(slow.retries.at(-1)).toBe(SLOW_READER_RETRY_MS);
    expect(reader.scores).toEqual([0, 3]);
    expect(hub.stats().openStreams).toBe(1);
    // Reading nothing more, it is disconnected.
    expect(slow.destroyed).toBe(false);
    slow.socket.idle?.then();
    expect(slow.destroyed).toBe(true);
  });

  it('does not cut off a viewer still reading a large first frame', async () => {
    const s = scoringHub();
    hub = s.hub;
    const first = new FakeViewer();
    // A first frame of 300 KB: all of it still waiting, and 200 KB of what followed.
    s.team.pad = 'x'.repeat(300 * 1024);
    hub.attach(all, asResponse(first), await hub.read(all));
    first.writableLength = 500 * 1024;
    s.team.score = 3;
    hub.invalidateNow('t1', null);
    await hub.idle();
    expect(first.isEnded).toBe(false);
    expect(first.scores).toEqual([0, 3]);
    // Past 256 KB besides its first frame, it is sent to polling.
    first.writableLength = 600 * 1024;
    s.team.score = 4;
    hub.invalidateNow('t1', null);
    await hub.idle();
    expect(first.isEnded).toBe(true);
    expect(first.retries.at(-1)).toBe(SLOW_READER_RETRY_MS);
  });

  it("keeps an alias with its key's value, and forgets it with it or at once", async () => {
    const s = scoringHub();
    hub = s.hub;
    const route = { group: 't1', item: 'r1' };
    let lookups = 0;
    const find = (alias: string) => {
      lookups += 1;
      return Promise.resolve(alias === 'giro' ? route : null);
    };
    const resolve = (alias = 'giro') => hub.resolveAlias('t1', alias, find);

    expect(await resolve()).toEqual(route);
    expect(await resolve()).toEqual(route);
    expect(lookups).toBe(1);
    // Misses are not kept.
    expect(await resolve('altro')).toBeNull();
    expect(await resolve('altro')).toBeNull();
    expect(lookups).toBe(3);

    // A change of the key (after its window) takes the alias with it.
    hub.signal('t1', 'r1');
    s.clock.advance(INTERVAL_MS);
    await hub.idle();
    await resolve();
    await resolve();
    expect(lookups).toBe(4);
    // Another item's change does not; the item's own change (renamed, deleted) at once does.
    hub.forgetAliases('t1', 'r2');
    await resolve();
    expect(lookups).toBe(4);
    hub.forgetAliases('t1', 'r1');
    await resolve();
    expect(lookups).toBe(5);
    // A resolution that a change overtook is answered but not kept.
    hub.forgetAliases('t1', 'r1');
    const overtaken = hub.resolveAlias('t1', 'giro', (alias) => {
      hub.forgetAliases('t1', null);
      return find(alias);
    });
    expect(await overtaken).toEqual(route);
    await resolve();
    expect(lookups).toBe(7);
  });
});
