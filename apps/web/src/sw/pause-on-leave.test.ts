import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryQueueStore } from '../features/gameplay/offline/queue-store';
import { sendPause } from './pause-on-leave';

const URL = 'http://localhost/api/play/acme/games/g%201/pause';

/** The pause as a page sends it: keep-alive on leaving, with the CSRF header and its own signal. */
function pageRequest(opts: { keepalive: boolean; signal?: AbortSignal }): Request {
  const headers = { 'x-tappa-csrf': '1' };
  return new Request(URL, { method: 'POST', headers, credentials: 'include', ...opts });
}

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a pause sent on by the service worker (decision 0056)', () => {
  it('is sent as a request of its own, which the page going away does not abort', async () => {
    const network = vi.fn<typeof fetch>(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', network);
    const page = new AbortController();
    const request = pageRequest({ keepalive: true, signal: page.signal });
    page.abort();

    const queue = memoryQueueStore();
    const answer = await sendPause(request, () => queue);
    expect(answer.status).toBe(204);
    const [sent] = network.mock.calls.map(([input]) => input);
    expect(sent).toBeInstanceOf(Request);
    const own = sent as Request;
    expect([own.url, own.method, own.credentials]).toEqual([URL, 'POST', 'include']);
    expect(own.headers.get('x-tappa-csrf')).toBe('1');
    expect(own.signal.aborted).toBe(false);
    expect(await queue.size()).toBe(0);
  });

  it('waits in the offline queue when it finds no connection as the page goes away', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    online = false;
    const queue = memoryQueueStore();
    const answer = await sendPause(pageRequest({ keepalive: true }), () => queue);
    expect(answer.status).toBe(202);
    const [item, ...rest] = await queue.list();
    expect(rest).toEqual([]);
    expect(item).toMatchObject({ id: 'pause:g 1', slug: 'acme', gameId: 'g 1', kind: 'pause' });
  });

  it('fails as usual when the phone says it is online, or for a pause the page waits for', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const queue = memoryQueueStore();
    await expect(sendPause(pageRequest({ keepalive: true }), () => queue)).rejects.toThrow(
      'Failed to fetch',
    );
    online = false;
    // Stop, or the queue sending its own pause: the page is there to keep it.
    await expect(sendPause(pageRequest({ keepalive: false }), () => queue)).rejects.toThrow(
      'Failed to fetch',
    );
    expect(await queue.size()).toBe(0);
  });
});
