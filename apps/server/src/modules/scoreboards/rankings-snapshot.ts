import type { ServerResponse } from 'node:http';
import {
  RANKINGS_EVENT,
  type Rankings,
  RankingsSchema,
  SCOREBOARD_REFRESH_MS,
} from '@tappa/contracts';
import { startOfLocalDay } from '@tappa/domain';

/** A viewer this far behind is cut off; its browser reconnects or polls. */
const MAX_BUFFERED_BYTES = 256 * 1024;
const HOUR_MS = 3_600_000;

/** The keep-alive comment line of the event stream. */
export const PING_FRAME = Buffer.from(': ping\n\n');
/** How long a browser waits before reconnecting a dropped stream. */
export const RETRY_FRAME = Buffer.from(`retry: ${SCOREBOARD_REFRESH_MS}\n\n`);

/** One computed ranking, serialized once for the GET body and for every stream. */
export interface Snapshot {
  json: string;
  frame: Buffer;
  /** The rankings without `computed_at`: equal means nothing new to send. */
  comparable: string;
  /** The generation of its key when the computation started (see RankingsHub). */
  gen: number;
  /** Increases with every computation: the newer of two snapshots wins. */
  seq: number;
  /** "Today" of this ranking, in the tenant's time zone. */
  dayStartMs: number;
  dayEndMs: number;
  /** When it was computed, on the clock's monotonic reading. */
  computedAtMs: number;
}

/**
 * Checks `rankings` against its schema (the allow-list) and serializes it once: the JSON body,
 * the `rankings` event frame, and the comparable part that tells whether anything changed.
 */
export function buildSnapshot(
  rankings: Rankings,
  opts: { gen: number; seq: number; now: Date; timeZone: string; computedAtMs: number },
): Snapshot {
  const { route, overall, today, computed_at } = RankingsSchema.parse(rankings);
  const comparable = JSON.stringify({ route, overall, today });
  const json = `${comparable.slice(0, -1)},"computed_at":${JSON.stringify(computed_at)}}`;
  const dayStartMs = startOfLocalDay(opts.now, opts.timeZone).getTime();
  // 36 hours after a midnight is always within the next day, whatever daylight saving does.
  const nextDay = new Date(dayStartMs + 36 * HOUR_MS);
  return {
    json,
    frame: Buffer.from(`event: ${RANKINGS_EVENT}\ndata: ${json}\n\n`),
    comparable,
    gen: opts.gen,
    seq: opts.seq,
    dayStartMs,
    dayEndMs: startOfLocalDay(nextDay, opts.timeZone).getTime(),
    computedAtMs: opts.computedAtMs,
  };
}

/** Writes one frame to a stream; a viewer that stopped reading is cut off instead of buffered. */
export function writeFrame(res: ServerResponse, frame: Buffer): void {
  if (res.destroyed || res.writableEnded) return;
  if (res.writableLength > MAX_BUFFERED_BYTES) {
    res.destroy();
    return;
  }
  res.write(frame);
}
