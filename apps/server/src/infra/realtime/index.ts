/**
 * Real-time (decision 0061): named change signals between this instance and the others, and
 * live views that push a value to browsers as Server-Sent Events when it changes.
 *
 * - `ChangeSignals` (the app's names: `src/signals.ts`): `publish` calls this instance's
 *   subscribers and, on PostgreSQL, the other instances' through the LISTEN/NOTIFY channel
 *   (`PgChangeChannel`, its only subscriber), coalesced (`ChangeCoalescer`) or at once.
 * - `SnapshotHub`: per key (an item of a group, or the whole group), a value computed once per
 *   burst of signals, serialized once, written to every open stream through the shared
 *   `FanOut` (slices that yield to requests; a viewer that stops reading is sent to polling)
 *   with pings, and read by the polling GET; `Last-Event-ID` spares a reconnecting browser a frame
 *   it has. With `changes` (decision 0075) a stream gets the whole value once, then what
 *   changed (the live console).
 * - `EventStreams`: one endpoint's streams (a cap per address, the hijacked reply).
 *
 * Adding a live view (the rankings are one: `modules/scoreboards/rankings-hub.ts`):
 * 1. a `SnapshotHub` with `keyOf`, `compute`, `serialize` and an event name;
 * 2. subscribe it to its signals: `signals.on('x', (group, item) => hub.signal(group, item))`,
 *    and `signals.onMissed(() => hub.invalidateAll())`; publish `'x'` where the data changes
 *    (a new name goes in `src/signals.ts`);
 * 3. a stream endpoint: `streams.admit(request)`, then `streams.open(request, reply, hub,
 *    target, await hub.read(target))`; a GET answers `(await hub.read(target)).json`;
 * 4. close the hub with the app (`app.ts`, beside the rankings').
 */
export { type ChangeBatch, ChangeCoalescer } from './change-coalescer';
export { ChangeSignals, type Delivery, type SignalHandler } from './change-signals';
export { EventStreams, type StreamHub } from './event-streams';
export { CHANGE_CHANNEL, type ChannelState } from './pg-change-channel';
export {
  eventFrame,
  PING_FRAME,
  retryFrame,
  writeFrame,
  type Serialized,
  type Snapshot,
} from './snapshot';
export { fanOut, type FanOut } from './fan-out';
export type { SnapshotKey } from './snapshot-entries';
export { SNAPSHOT_PING_MS, SnapshotHub, type SnapshotHubOptions } from './snapshot-hub';
