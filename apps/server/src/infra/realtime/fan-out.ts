import type { ServerResponse } from 'node:http';
import { systemClock } from '../clock';
import { writeFrame } from './snapshot';

/**
 * How long one slice of writing may hold the event loop before the requests waiting behind it
 * are served: a try takes a few turns of the loop, each delayed at most this much by a fan-out.
 */
const SLICE_MS = 2;
/** Streams a job writes before the next job's turn (and a look at the time). */
const TURN_WRITES = 32;

/** Frames to write to a list of streams. */
interface Job {
  viewers: readonly ServerResponse[];
  frames: readonly Buffer[];
  /** The size of each stream's first frame (see `writeFrame`). */
  firstBytes: (res: ServerResponse) => number | undefined;
  /** The next stream to write to. */
  next: number;
  /** The time spent writing its frames so far. */
  busyMs: number;
  done: (busyMs: number) => void;
}

/**
 * Writes frames to many event streams without holding the event loop (issue 33): in slices of
 * at most SLICE_MS, between which the loop serves requests; the frames are made once by the
 * caller and the same buffers written to every stream. The jobs of every live view take turns,
 * so a fan-out to 10,000 scoreboards does not hold back the 200 viewers of another key. Its time
 * is the system's monotonic clock, not the app's (whose time a test moves): it measures how long
 * the writing holds the loop.
 */
export class FanOut {
  private readonly jobs: Job[] = [];
  private isScheduled = false;

  /** `nowMs`: a monotonic reading in ms (a test's own, to count the slices). */
  constructor(private readonly nowMs = () => systemClock.monotonicMs()) {}

  /**
   * Resolves once `frames` have been written to every one of `viewers` (or passed a closed one),
   * with the time the writing took (the event loop's, not counting the turns in between).
   */
  write(
    viewers: readonly ServerResponse[],
    frames: readonly Buffer[],
    firstBytes: Job['firstBytes'] = () => undefined,
  ): Promise<number> {
    if (viewers.length === 0 || frames.length === 0) return Promise.resolve(0);
    return new Promise((done) => {
      this.jobs.push({ viewers, frames, firstBytes, next: 0, busyMs: 0, done });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.isScheduled) return;
    this.isScheduled = true;
    setImmediate(() => this.slice());
  }

  private slice(): void {
    this.isScheduled = false;
    let nowMs = this.nowMs();
    const until = nowMs + SLICE_MS;
    do {
      for (let i = 0; i < this.jobs.length;) {
        const job = this.jobs[i]!;
        const end = Math.min(job.viewers.length, job.next + TURN_WRITES);
        for (; job.next < end; job.next += 1) {
          const res = job.viewers[job.next]!;
          for (const frame of job.frames) writeFrame(res, frame, job.firstBytes(res));
          // Node's http corks the socket and writes on the next tick: written now, the slice's
          // time is the writing's, and the next tick does not hold the loop with all of it.
          res.socket?.uncork();
        }
        const turnEndMs = this.nowMs();
        job.busyMs += turnEndMs - nowMs;
        nowMs = turnEndMs;
        if (job.next < job.viewers.length) {
          i += 1;
        } else {
          this.jobs.splice(i, 1);
          job.done(job.busyMs);
        }
      }
    } while (this.jobs.length > 0 && nowMs < until);
    if (this.jobs.length > 0) this.schedule();
  }
}

/** The process's one fan-out: every hub's writes share the event loop through it. */
export const fanOut = new FanOut();
