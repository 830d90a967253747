import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { pauseOnLeave, pauseOrQueue } from './pause-on-leave';
import { memoryQueueStore } from './queue-store';
import { hasWaitingAnswers, markWaitingAnswers } from './waiting-flag';

const PAUSE = '/api/play/acme/games/g1/pause';

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(() => {
  markWaitingAnswers(false);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const noNetwork = () => vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));

describe('the pause of a game the team leaves (decision 0056)', () => {
  it('is sent as a keep-alive request with the CSRF header', () => {
    const network = vi.fn<typeof fetch>(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', network);
    pauseOnLeave('acme', 'g1', memoryQueueStore());
    expect(network).toHaveBeenCalledWith(
      PAUSE,
      expect.objectContaining({
        method: 'POST',
        keepalive: true,
        headers: { 'x-tappa-csrf': '1' },
      }),
    );
    expect(hasWaitingAnswers()).toBe(false);
  });

  it('marks the queue at once and queues the pause when the phone is offline', async () => {
    noNetwork();
    online = false;
    const store = memoryQueueStore();
    pauseOnLeave('acme', 'g1', store);
    // Set before any answer: the page may be gone by then, and the next page must look.
    expect(hasWaitingAnswers()).toBe(true);
    await vi.waitFor(async () => expect(await store.size()).toBe(1));
    const [item] = await store.list();
    expect(item).toMatchObject({ id: 'pause:g1', kind: 'pause', slug: 'acme', gameId: 'g1' });
  });

  it('replaces a game’s earlier queued pause, and keeps Stop’s refusals and online failures', async () => {
    noNetwork();
    online = false;
    const store = memoryQueueStore();
    await pauseOrQueue('acme', 'g1', { store });
    await pauseOrQueue('acme', 'g1', { store });
    expect((await store.list()).map((item) => item.id)).toEqual(['pause:g1']);

    online = true;
    await expect(pauseOrQueue('acme', 'g2', { store })).rejects.toBeInstanceOf(ApiError);
    vi.stubGlobal('fetch', () =>
      Promise.resolve(Response.json({ error: { code: 'game_not_found' } }, { status: 404 })),
    );
    online = false;
    await expect(pauseOrQueue('acme', 'g3', { store })).rejects.toMatchObject({
      code: 'game_not_found',
    });
    expect(await store.size()).toBe(1);
  });
});
