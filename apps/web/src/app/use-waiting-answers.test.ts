import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GAME_ID, resultOf } from '../test/kits/gameplay';
import { stubPlayApi } from '../test/kits/player';
import { jsonResponse } from '../test/stub-api';
import { defaultQueueStore } from '../features/gameplay/offline/page-queue';
import { pauseItem, type QueuedItem } from '../features/gameplay/offline/queue-store';
import { useWaitingAnswers } from './use-waiting-answers';
import { hasWaitingAnswers, markWaitingAnswers } from '../features/gameplay/offline/waiting-flag';

const SUBMIT = (n: number) => `/api/play/acme/games/${GAME_ID}/steps/step-${n}/submit`;
const PAUSE = `/api/play/acme/games/${GAME_ID}/pause`;

/** A try made offline on step `n`, in the page's queue. */
function queuedTry(n: number): QueuedItem {
  return {
    id: `try-${n}`,
    seq: n,
    slug: 'acme',
    gameId: GAME_ID,
    stepId: `step-${n}`,
    kind: 'submit',
    body: { submission_id: `try-${n}`, answer: `risposta ${n}`, position: null, heading_deg: null },
  };
}

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});

afterEach(async () => {
  const store = defaultQueueStore();
  for (const item of await store.list()) await store.remove(item.id);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('answers made offline, sent from the other pages (decision 0037)', () => {
  it('sends them in order from a page other than the game screen once back online', async () => {
    const api = stubPlayApi({
      [`POST ${SUBMIT(1)}`]: () => jsonResponse(200, resultOf({ current_step_index: 1 })),
      [`POST ${SUBMIT(2)}`]: () => jsonResponse(200, resultOf({ current_step_index: 2 })),
    });
    online = false;
    await defaultQueueStore().put(queuedTry(2));
    await defaultQueueStore().put(queuedTry(1));
    expect(hasWaitingAnswers()).toBe(true);
    renderHook(() => useWaitingAnswers('/acme/select-route'));
    expect(api).not.toHaveBeenCalled();

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(hasWaitingAnswers()).toBe(false));
    // Each once, in the order they were made (by their sequence, not the order they were put).
    const sent = api.mock.calls.map(([input]) => (typeof input === 'string' ? input : null));
    expect(sent).toEqual([SUBMIT(1), SUBMIT(2)]);
    expect(await defaultQueueStore().list()).toEqual([]);
  });

  it('keeps the mark while an answer is left in the queue, and clears it with the last one', async () => {
    const store = defaultQueueStore();
    await store.put(queuedTry(1));
    await store.put(queuedTry(2));
    expect(await store.size()).toBe(2);
    await store.remove('try-1');
    expect(hasWaitingAnswers()).toBe(true);
    await store.remove('try-2');
    expect(await store.size()).toBe(0);
    expect(hasWaitingAnswers()).toBe(false);
  });

  it('sends the pause of a game left offline after the answers made before it (0056)', async () => {
    const api = stubPlayApi({
      [`POST ${SUBMIT(1)}`]: () => jsonResponse(200, resultOf({ current_step_index: 1 })),
      [`POST ${PAUSE}`]: () => new Response(null, { status: 204 }),
    });
    await defaultQueueStore().put(queuedTry(1));
    await defaultQueueStore().put(pauseItem('acme', GAME_ID));
    renderHook(() => useWaitingAnswers('/acme/select-route'));
    await waitFor(() => expect(hasWaitingAnswers()).toBe(false));
    const sent = api.mock.calls.map(([input, init]) => [init?.method, input]);
    expect(sent).toEqual([
      ['POST', SUBMIT(1)],
      ['POST', PAUSE],
    ]);
  });

  it('clears the mark of a leave whose pause never reached the queue (the page went first)', async () => {
    const api = stubPlayApi();
    markWaitingAnswers(true);
    renderHook(() => useWaitingAnswers('/acme/select-route'));
    await waitFor(() => expect(hasWaitingAnswers()).toBe(false));
    expect(api).not.toHaveBeenCalled();
  });

  it('leaves them to the game screen, which sends its own queue', async () => {
    const api = stubPlayApi();
    await defaultQueueStore().put(queuedTry(1));
    const listening = vi.spyOn(window, 'addEventListener');
    renderHook(() => useWaitingAnswers('/acme/gioco/step'));
    renderHook(() => useWaitingAnswers('/acme/gioco/step/centro'));
    // Neither sends now nor waits for the connection (the effect ran within renderHook).
    expect(listening).not.toHaveBeenCalledWith('online', expect.any(Function));
    expect(api).not.toHaveBeenCalled();
    expect(await defaultQueueStore().list()).toHaveLength(1);
  });
});
