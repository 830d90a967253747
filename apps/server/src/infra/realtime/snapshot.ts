import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';

/** A viewer this far behind is cut off; its browser reconnects or polls. */
const MAX_BUFFERED_BYTES = 256 * 1024;

/** The keep-alive comment line of an event stream. */
export const PING_FRAME = Buffer.from(': ping\n\n');

/** How long a browser waits before reconnecting a dropped stream. */
export function retryFrame(retryMs: number): Buffer {
  return Buffer.from(`retry: ${retryMs}\n\n`);
}

/** A computed value as its live view serializes it (see `SnapshotHub`'s `serialize`). */
export interface Serialized {
  /** The JSON text of the value: the body of a GET and the data of the stream's event. */
  json: string;
  /**
   * The part of the value that tells whether anything changed (without a computation time,
   * say): equal means nothing new to send. Its digest is the event's id.
   */
  comparable: string;
  /** The wall-clock time from which the value holds ("today" starts at local midnight). */
  validFromMs?: number;
  /** The wall-clock time from which it no longer holds (the next midnight). */
  validUntilMs?: number;
}

/** One computed value, serialized once for the GET body and for every stream. */
export interface Snapshot {
  /** The event's id: a digest of `comparable`, the same on every instance for the same value. */
  id: string;
  json: string;
  frame: Buffer;
  /** The generation of its key when the computation started (see SnapshotHub). */
  gen: number;
  /** Increases with every computation: the newer of two snapshots wins. */
  seq: number;
  validFromMs: number;
  validUntilMs: number;
  /** When it was computed, on the clock's monotonic reading. */
  computedAtMs: number;
}

/** Builds a snapshot from a serialized value: its id and its event frame, once. */
export function buildSnapshot(
  serialized: Serialized,
  opts: { event: string; gen: number; seq: number; computedAtMs: number },
): Snapshot {
  const id = createHash('sha256').update(serialized.comparable).digest('base64url').slice(0, 22);
  return {
    id,
    json: serialized.json,
    frame: Buffer.from(`id: ${id}\nevent: ${opts.event}\ndata: ${serialized.json}\n\n`),
    gen: opts.gen,
    seq: opts.seq,
    validFromMs: serialized.validFromMs ?? -Infinity,
    validUntilMs: serialized.validUntilMs ?? Infinity,
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
