import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { storedEventId } from './stored-events';

/**
 * A viewer this far behind is cut off; its browser reconnects or polls. What counts is the
 * backlog beyond its first frame, whole and possibly larger than this (a console of 1,000 teams
 * is some 400 KB): a viewer is not cut off for not having read that yet.
 */
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
export interface Snapshot<Value = unknown> {
  /**
   * The event's id: a digest of `comparable`, the same on every instance for the same value
   * (after the cursor of its newest stored event, see `StoredEvents`); of a hub that pushes
   * changes, its own sequence (see `SnapshotHubOptions.changes`).
   */
  id: string;
  value: Value;
  /** The JSON text of the value (made on first use by a hub that pushes changes). */
  readonly json: string;
  /** The value's whole event frame (as `json`). */
  readonly frame: Buffer;
  /** The generation of its key when the computation started (see SnapshotHub). */
  gen: number;
  /** Increases with every computation: the newer of two snapshots wins. */
  seq: number;
  validFromMs: number;
  validUntilMs: number;
  /** When it was computed, on the clock's monotonic reading. */
  computedAtMs: number;
}

/** How a snapshot was made: its event's name, its key's generation and its place in order. */
interface SnapshotMeta {
  event: string;
  gen: number;
  seq: number;
  computedAtMs: number;
}

/** An event frame of the stream. */
export function eventFrame(id: string, event: string, data: string): Buffer {
  return Buffer.from(`id: ${id}\nevent: ${event}\ndata: ${data}\n\n`);
}

/**
 * Builds a snapshot from a serialized value: its id (led by `cursor`, the newest stored event it
 * holds, when given) and its event frame, once.
 */
export function buildSnapshot<Value>(
  value: Value,
  serialized: Serialized,
  meta: SnapshotMeta & { cursor?: number },
): Snapshot<Value> {
  const digest = createHash('sha256')
    .update(serialized.comparable)
    .digest('base64url')
    .slice(0, 22);
  const id = meta.cursor === undefined ? digest : storedEventId(meta.cursor, digest);
  return {
    id,
    value,
    json: serialized.json,
    frame: eventFrame(id, meta.event, serialized.json),
    gen: meta.gen,
    seq: meta.seq,
    validFromMs: serialized.validFromMs ?? -Infinity,
    validUntilMs: serialized.validUntilMs ?? Infinity,
    computedAtMs: meta.computedAtMs,
  };
}

/**
 * A snapshot whose JSON text and frame are made when first read (a hub that pushes changes:
 * only a new viewer or a GET needs the whole value); it holds at all times.
 */
export function lazySnapshot<Value>(
  value: Value,
  serialize: () => string,
  meta: SnapshotMeta & { id: string },
): Snapshot<Value> {
  let whole: { json: string; frame: Buffer } | null = null;
  const made = () => {
    if (!whole) {
      const json = serialize();
      whole = { json, frame: eventFrame(meta.id, meta.event, json) };
    }
    return whole;
  };
  return {
    id: meta.id,
    value,
    get json() {
      return made().json;
    },
    get frame() {
      return made().frame;
    },
    gen: meta.gen,
    seq: meta.seq,
    validFromMs: -Infinity,
    validUntilMs: Infinity,
    computedAtMs: meta.computedAtMs,
  };
}

/**
 * How long a viewer cut off for reading too slowly waits before opening a stream again: its
 * browser polls meanwhile (see the web's `useEventStream`).
 */
export const SLOW_READER_RETRY_MS = 30_000;
/** A cut-off viewer that reads nothing for this long is disconnected. */
const SLOW_READER_DRAIN_MS = 30_000;

/**
 * Writes one frame to a stream. A viewer that stopped reading (more than MAX_BUFFERED_BYTES
 * waiting besides `firstBytes`, the size of its first frame) is not buffered for: its stream
 * ends with a reconnect hint (`retry:` SLOW_READER_RETRY_MS), so that its browser falls back to
 * polling for a while, and is disconnected if it reads nothing more.
 */
export function writeFrame(res: ServerResponse, frame: Buffer, firstBytes = 0): void {
  if (res.destroyed || res.writableEnded) return;
  if (res.writableLength > MAX_BUFFERED_BYTES + firstBytes) {
    res.end(retryFrame(SLOW_READER_RETRY_MS));
    res.socket?.setTimeout(SLOW_READER_DRAIN_MS, () => res.destroy());
    return;
  }
  res.write(frame);
}
