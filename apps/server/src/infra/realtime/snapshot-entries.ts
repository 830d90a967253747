import type { ServerResponse } from 'node:http';
import type { Clock } from '../clock';
import type { ChangeBatch } from './change-coalescer';
import type { Snapshot } from './snapshot';

/** The key of a live view: an item of a group (a route of a tenant), or the whole group (null). */
export interface SnapshotKey {
  group: string;
  item: string | null;
}

/** What the hub keeps per key. */
export interface Entry<Target, Value = unknown> {
  target: Target;
  viewers: Set<ServerResponse>;
  /** Bumped by every change signal: a snapshot of an older generation is stale. */
  gen: number;
  value: Snapshot<Value> | null;
  /** The last snapshot written to the viewers: what they hold (null while nobody watches). */
  sent: Snapshot<Value> | null;
  running: Promise<Snapshot<Value>> | null;
  runningGen: number;
  /** The frames being written to the viewers, one after the other. */
  fanOut: Promise<void>;
  /** When the last frames for all the viewers were written (monotonic; -Infinity: never). */
  pushedAtMs: number;
  /**
   * The generation at which an alias last resolved to this entry (-1: not resolved, or
   * forgotten): the alias is reused while the entry stays at that generation.
   */
  aliasGen: number;
  aliasAtMs: number;
}

/** The item key of a whole group's entry. */
const WHOLE_GROUP = '*';

/**
 * The entries of a hub by group and item, and the aliases that resolve to them (a route's slug
 * to its route): an alias is kept with its entry and forgotten with it, on its next change
 * signal, on `forgetAliases`, or after `maxAgeMs`.
 */
export class SnapshotEntries<Target, Value = unknown> {
  private readonly groups = new Map<string, Map<string, Entry<Target, Value>>>();
  /** Per group, the entries that aliases resolved to. */
  private readonly aliases = new Map<string, Map<string, Entry<Target, Value>>>();
  /** Counts the forgetting of aliases: a resolution that saw one start during it is not kept. */
  private forgets = 0;

  constructor(
    private readonly opts: {
      keyOf: (target: Target) => SnapshotKey;
      clock: Clock;
      maxAgeMs: number;
    },
  ) {}

  /** Forgets `entry` (of `target`'s key) when nobody watches it: it is made again on next use. */
  dropUnwatched(target: Target, entry: Entry<Target, Value>): void {
    if (entry.viewers.size > 0) return;
    const { group, item } = this.opts.keyOf(target);
    const items = this.groups.get(group);
    if (items?.get(item ?? WHOLE_GROUP) !== entry) return;
    items.delete(item ?? WHOLE_GROUP);
    if (items.size === 0) this.groups.delete(group);
  }

  /** The entry of `target`'s key, made on first use; it takes the latest target. */
  entryFor(target: Target): Entry<Target, Value> {
    const { group, item } = this.opts.keyOf(target);
    let items = this.groups.get(group);
    if (!items) this.groups.set(group, (items = new Map<string, Entry<Target, Value>>()));
    let entry = items.get(item ?? WHOLE_GROUP);
    if (!entry) {
      entry = {
        target,
        viewers: new Set(),
        gen: 0,
        value: null,
        sent: null,
        running: null,
        runningGen: 0,
        fanOut: Promise.resolve(),
        pushedAtMs: -Infinity,
        aliasGen: -1,
        aliasAtMs: 0,
      };
      items.set(item ?? WHOLE_GROUP, entry);
    }
    entry.target = target; // the latest version of it (a time zone, a title)
    return entry;
  }

  /** Every entry. */
  *all(): Iterable<Entry<Target, Value>> {
    for (const items of this.groups.values()) yield* items.values();
  }

  /** The whole batch of every group known. */
  everything(): ChangeBatch {
    return new Map([...this.groups.keys()].map((group) => [group, 'all' as const]));
  }

  /**
   * The entries a batch changes: those of its items, and the whole group's entry with any of
   * its items (a ranking of all the routes changes with each route).
   */
  *changedBy(batch: ChangeBatch): Iterable<Entry<Target, Value>> {
    for (const [group, changed] of batch) {
      for (const [key, entry] of this.groups.get(group) ?? []) {
        if (changed === 'all' || key === WHOLE_GROUP || changed.has(key)) yield entry;
      }
    }
  }

  /**
   * The target `alias` names in `group`, kept (see the class) or found by `find` (null: none;
   * misses are not kept).
   */
  async resolveAlias(
    group: string,
    alias: string,
    find: (alias: string) => Promise<Target | null>,
  ): Promise<Target | null> {
    const known = this.aliases.get(group)?.get(alias);
    if (known && this.isAliasFresh(known)) return known.target;
    const forgets = this.forgets;
    const target = await find(alias);
    let aliases = this.aliases.get(group);
    if (!target) {
      aliases?.delete(alias);
      return null;
    }
    // A change signalled while the database answered may be missing from what it answered.
    if (forgets !== this.forgets) return target;
    const entry = this.entryFor(target);
    entry.aliasGen = entry.gen;
    entry.aliasAtMs = this.opts.clock.monotonicMs();
    if (!aliases) this.aliases.set(group, (aliases = new Map<string, Entry<Target, Value>>()));
    aliases.set(alias, entry);
    return target;
  }

  /** Forgets at once the aliases of `item` of the group (null: of the whole group). */
  forgetAliases(group: string, item: string | null): void {
    this.forgets += 1;
    const aliases = this.aliases.get(group);
    if (!aliases) return;
    for (const [alias, entry] of aliases) {
      if (item !== null && this.opts.keyOf(entry.target).item !== item) continue;
      entry.aliasGen = -1;
      aliases.delete(alias);
    }
  }

  /** Forgets every alias (change signals may have been missed). */
  forgetAllAliases(): void {
    this.forgets += 1;
    for (const aliases of this.aliases.values())
      for (const entry of aliases.values()) entry.aliasGen = -1;
    this.aliases.clear();
  }

  private isAliasFresh(entry: Entry<Target, Value>): boolean {
    return (
      entry.aliasGen === entry.gen &&
      this.opts.clock.monotonicMs() - entry.aliasAtMs < this.opts.maxAgeMs
    );
  }
}
