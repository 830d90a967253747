import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import type { EventStream } from './event-streams';
import type { HolderReply, HolderRequest } from './stream-holder';

const HOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'stream-holder.ts');

/** Now, in epoch milliseconds with a fraction (comparable between processes). */
export const epochNow = () => performance.timeOrigin + performance.now();

/** Streams whose next events can be timed from a change (see `timePushes`). */
export interface TimedStreams {
  /** Notes how many events each stream has had so far. */
  mark(): Promise<void>;
  /**
   * The time from `t0` (epoch ms) to each stream's next event after the mark, waiting at most
   * `withinMs`; streams without one are counted as missed.
   */
  collect(t0: number, withinMs: number): Promise<{ latenciesMs: number[]; missed: number }>;
}

/** In-process streams as `TimedStreams` (read by this process). */
export function timedInProcess(streams: EventStream[]): TimedStreams {
  let seen: number[] = [];
  return {
    mark: () => {
      seen = streams.map((s) => s.arrivals.length);
      return Promise.resolve();
    },
    collect: async (t0, withinMs) => {
      const deadline = new AbortController();
      await Promise.race([
        Promise.all(streams.map((s, i) => s.arrived((seen[i] ?? 0) + 1))),
        sleep(withinMs, undefined, { signal: deadline.signal }).catch(() => undefined),
      ]);
      deadline.abort();
      const latenciesMs: number[] = [];
      let missed = 0;
      streams.forEach((s, i) => {
        const arrival = s.arrivals[seen[i] ?? 0];
        if (arrival === undefined) missed += 1;
        else latenciesMs.push(performance.timeOrigin + arrival - t0);
      });
      return { latenciesMs, missed };
    },
  };
}

/** Event streams held by a child process (`stream-holder.ts`). */
export interface HeldStreams extends TimedStreams {
  /** How many of them the server has ended. */
  ended(): Promise<number>;
  close(): Promise<void>;
}

/**
 * Opens `count` event streams of `streamPath` in a child process of their own, so that reading
 * them shares the machine with the bench but not its event loop: a phone's requests and a
 * scoreboard's stream are never read by the same process either.
 */
export async function holdEventStreams(
  baseUrl: string,
  opts: { path: string; count: number },
): Promise<HeldStreams> {
  const child = fork(HOLDER, [baseUrl, opts.path, String(opts.count)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ask = async <K extends HolderReply['kind']>(
    request: HolderRequest | null,
    kind: K,
  ): Promise<Extract<HolderReply, { kind: K }>> => {
    const answer = nextReply(child, kind);
    if (request) child.send(request);
    return answer;
  };
  await ask(null, 'open');
  return {
    mark: async () => {
      await ask({ kind: 'mark' }, 'marked');
    },
    collect: async (t0, withinMs) => {
      const { latenciesMs, missed } = await ask({ kind: 'collect', t0, withinMs }, 'collected');
      return { latenciesMs, missed };
    },
    ended: async () => (await ask({ kind: 'ended' }, 'ended')).count,
    close: async () => {
      if (child.connected) child.send({ kind: 'close' } satisfies HolderRequest);
      await exited;
    },
  };
}

/** The child's next reply of `kind`; rejects if it exits first. */
function nextReply<K extends HolderReply['kind']>(
  child: ChildProcess,
  kind: K,
): Promise<Extract<HolderReply, { kind: K }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: HolderReply) => {
      if (message.kind !== kind) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as Extract<HolderReply, { kind: K }>);
    };
    const onExit = (code: number | null) => {
      child.off('message', onMessage);
      reject(new Error(`the stream holder exited (${code}) before answering ${kind}`));
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}
