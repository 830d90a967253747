import type { Clock } from './clock';

interface Cached<V> {
  value: V;
  tenantId: string;
  readAtMs: number;
}

/**
 * Values read from the database for the public reads, each belonging to a tenant, kept until a
 * change of that tenant is signalled (`forget`, decision 0049) and at most `maxAgeMs` (a safety
 * net for a signal another instance could not send). Misses are not kept. Reads of a key while
 * it loads share that load (decision 0088), unless a change was signalled since it started.
 */
export class TenantReadCache<V> {
  private readonly entries = new Map<string, Cached<V>>();
  /** The loads under way by key, with the `forgets` count they started at. */
  private readonly loading = new Map<string, { forgets: number; value: Promise<V | null> }>();
  /** Counts `forget` calls: a read that saw one start during it is answered, not kept. */
  private forgets = 0;
  /** False while changes may go unsignalled: every read goes to the database. */
  private isKeeping = true;

  constructor(private readonly opts: { clock: Clock; maxAgeMs: number; maxEntries: number }) {}

  /** The value of `key`: from the cache, or `load`ed (null: none, nothing kept). */
  async read(
    key: string,
    load: () => Promise<{ tenantId: string; value: V } | null>,
  ): Promise<V | null> {
    const nowMs = this.opts.clock.monotonicMs();
    const cached = this.entries.get(key);
    if (cached && nowMs - cached.readAtMs < this.opts.maxAgeMs) return cached.value;
    const pending = this.loading.get(key);
    // A load that started before a change may miss it: only one started since is shared.
    if (pending?.forgets === this.forgets && this.isKeeping) return pending.value;
    const forgets = this.forgets;
    const value = this.loadAndKeep(key, load, { nowMs, forgets });
    this.loading.set(key, { forgets, value });
    try {
      return await value;
    } finally {
      if (this.loading.get(key)?.value === value) this.loading.delete(key);
    }
  }

  /** Loads `key`'s value and keeps it unless a change was signalled meanwhile. */
  private async loadAndKeep(
    key: string,
    load: () => Promise<{ tenantId: string; value: V } | null>,
    { nowMs, forgets }: { nowMs: number; forgets: number },
  ): Promise<V | null> {
    const loaded = await load();
    if (!loaded) {
      this.entries.delete(key);
      return null;
    }
    // A change signalled while the database answered may be missing from what it answered.
    if (this.forgets === forgets && this.isKeeping) {
      if (this.entries.size >= this.opts.maxEntries) this.entries.clear();
      this.entries.set(key, { ...loaded, readAtMs: nowMs });
    }
    return loaded.value;
  }

  /** Forgets every value of the tenant (its row or its routes changed). */
  forget(tenantId: string): void {
    this.forgets += 1;
    for (const [key, cached] of this.entries)
      if (cached.tenantId === tenantId) this.entries.delete(key);
  }

  /**
   * Forgets everything (change signals may have been missed) and, with `isKept` false, keeps
   * nothing until it is called with true (while change signals cannot arrive).
   */
  keep(isKept: boolean): void {
    this.forgets += 1;
    this.entries.clear();
    this.isKeeping = isKept;
  }
}
