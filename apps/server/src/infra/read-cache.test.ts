import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../test/helpers/manual-clock';
import { TenantReadCache } from './read-cache';

describe('TenantReadCache', () => {
  it('keeps a value until its tenant is forgotten or it is too old; misses are not kept', async () => {
    const clock = new ManualClock();
    const cache = new TenantReadCache<string>({ clock, maxAgeMs: 5_000, maxEntries: 10 });
    let loads = 0;
    const load = (tenantId: string | null) => () => {
      loads += 1;
      return Promise.resolve(tenantId ? { tenantId, value: `v${loads}` } : null);
    };

    expect(await cache.read('a', load('t1'))).toBe('v1');
    expect(await cache.read('a', load('t1'))).toBe('v1');
    expect(await cache.read('b', load('t2'))).toBe('v2');
    expect(await cache.read('none', load(null))).toBeNull();
    expect(await cache.read('none', load(null))).toBeNull();
    expect(loads).toBe(4);

    // Another tenant's change leaves the value; its own tenant's change drops it at once.
    cache.forget('t2');
    expect(await cache.read('a', load('t1'))).toBe('v1');
    cache.forget('t1');
    expect(await cache.read('a', load('t1'))).toBe('v5');
    // The safety net: a value this old is read again even without a signal.
    clock.advance(5_000);
    expect(await cache.read('a', load('t1'))).toBe('v6');

    // A read that a change overtook is answered but not kept.
    cache.keep(true);
    const overtaken = await cache.read('a', () => {
      cache.forget('t9');
      return load('t1')();
    });
    expect(overtaken).toBe('v7');
    expect(await cache.read('a', load('t1'))).toBe('v8');
    expect(await cache.read('a', load('t1'))).toBe('v8');
  });

  it('keeps nothing while changes may go unsignalled, and keeps again after', async () => {
    const cache = new TenantReadCache<string>({
      clock: new ManualClock(),
      maxAgeMs: 5_000,
      maxEntries: 10,
    });
    let loads = 0;
    const load = () => Promise.resolve({ tenantId: 't1', value: `v${(loads += 1)}` });
    expect(await cache.read('a', load)).toBe('v1');
    cache.keep(false);
    expect(await cache.read('a', load)).toBe('v2');
    expect(await cache.read('a', load)).toBe('v3');
    cache.keep(true);
    expect(await cache.read('a', load)).toBe('v4');
    expect(await cache.read('a', load)).toBe('v4');
  });

  it('shares a load under way between reads of its key, not across a change', async () => {
    const cache = new TenantReadCache<string>({
      clock: new ManualClock(),
      maxAgeMs: 5_000,
      maxEntries: 10,
    });
    const gates: (() => void)[] = [];
    let loads = 0;
    const load = () => {
      const value = `v${(loads += 1)}`;
      return new Promise<{ tenantId: string; value: string }>((resolve) =>
        gates.push(() => resolve({ tenantId: 't1', value })),
      );
    };
    const first = cache.read('a', load);
    const second = cache.read('a', load);
    const other = cache.read('b', load);
    expect(loads).toBe(2);
    // A change while it loads: a read after it loads again.
    cache.forget('t1');
    const afterChange = cache.read('a', load);
    expect(loads).toBe(3);
    for (const open of gates) open();
    expect(await Promise.all([first, second, other, afterChange])).toEqual([
      'v1',
      'v1',
      'v2',
      'v3',
    ]);
    // The one started after the change is kept.
    expect(await cache.read('a', load)).toBe('v3');
    expect(loads).toBe(3);
  });
});
