import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { resultOf } from '../../../test/kits/gameplay';
import { nextOpenIndex } from './open-steps';
import { memoryQueueStore, nextSeq, pauseItem, photoKey, type QueuedItem } from './queue-store';
import { backoffMs, type QueuedOutcome, sendQueued } from './send-queued';

const RESULT = resultOf();

function tryOf(id: string, gameId = 'g1', stepId = `s-${id}`): QueuedItem {
  const body = { submission_id: id, answer: 'x', position: null, heading_deg: null };
  return { id, seq: nextSeq(), slug: 'acme', gameId, stepId, kind: 'submit', body };
}

/** A queue holding `items` in this order, and what a round of sending does with it. */
async function roundWith(items: QueuedItem[], send: (item: QueuedItem) => Promise<unknown>) {
  const store = memoryQueueStore();
  for (const item of items) await store.put(item);
  const sent: string[] = [];
  const outcomes: QueuedOutcome[] = [];
  const round = await sendQueued({
    store,
    belongs: (item) => item.gameId === 'g1',
    send: async (item) => {
      sent.push(item.id);
      await send(item);
      return item.kind === 'photo' ? null : RESULT;
    },
    onOutcome: (outcome) => outcomes.push(outcome),
  });
  const left = (await store.list()).map((item) => item.id);
  return { round, sent, outcomes, left };
}

const network = () => new ApiError(0, 'network', 'Network error');

describe('the offline queue', () => {
  it('sends the game’s items in the order they were queued, removing each once answered', async () => {
    const a = tryOf('a');
    const photo: QueuedItem = {
      id: photoKey('g1', 's-b'),
      seq: nextSeq(),
      slug: 'acme',
      gameId: 'g1',
      stepId: 's-b',
      kind: 'photo',
      photo: new Blob(['jpeg']),
      fileName: 'p.jpg',
    };
    const items = [a, photo, tryOf('b'), tryOf('other', 'g2')];
    const { round, sent, outcomes, left } = await roundWith(items, () => Promise.resolve());
    expect(round).toEqual({ status: 'done' });
    expect(sent).toEqual(['a', photo.id, 'b']);
    expect(outcomes.map((o) => [o.item.id, o.result?.outcome ?? null])).toEqual([
      ['a', 'correct'],
      [photo.id, null],
      ['b', 'correct'],
    ]);
    // Another game's item waits for its own screen.
    expect(left).toEqual(['other']);
  });

  it('stops at a network failure and keeps that item and the later ones, in order', async () => {
    const { round, sent, left } = await roundWith([tryOf('a'), tryOf('b'), tryOf('c')], (item) =>
      item.id === 'b' ? Promise.reject(network()) : Promise.resolve(),
    );
    expect(round).toEqual({ status: 'offline' });
    expect(sent).toEqual(['a', 'b']);
    expect(left).toEqual(['b', 'c']);
  });

  it('waits as long as the server says when it is busy, and keeps the item', async () => {
    const busy = new ApiError(503, 'database_unavailable', 'busy', {
      params: { retry_after_s: 5 },
    });
    const { round, left } = await roundWith([tryOf('a')], () => Promise.reject(busy));
    expect(round).toEqual({ status: 'later', retryAfterMs: 5000 });
    expect(left).toEqual(['a']);
    const failing = new ApiError(500, 'internal', 'boom');
    const again = await roundWith([tryOf('b')], () => Promise.reject(failing));
    expect(again.round).toEqual({ status: 'later', retryAfterMs: null });
    expect(again.left).toEqual(['b']);
  });

  it('drops an item the server refuses for good, reports it, and goes on with the next', async () => {
    const over = new ApiError(409, 'game_over', 'over');
    const { round, outcomes, left } = await roundWith([tryOf('a'), tryOf('b')], (item) =>
      item.id === 'a' ? Promise.reject(over) : Promise.resolve(),
    );
    expect(round).toEqual({ status: 'done' });
    expect(outcomes.map((o) => [o.item.id, o.error?.code ?? null])).toEqual([
      ['a', 'game_over'],
      ['b', null],
    ]);
    expect(left).toEqual([]);
  });

  it('skips an item removed while the round runs: a pause dropped as its game reopened', async () => {
    const store = memoryQueueStore();
    await store.put(tryOf('a'));
    const pause = pauseItem('acme', 'g1');
    await store.put(pause);
    const sent: string[] = [];
    const round = await sendQueued({
      store,
      belongs: () => true,
      send: async (item) => {
        sent.push(item.id);
        // The team opens the game's screen again while the try is on its way.
        if (item.id === 'a') await store.remove(pause.id);
        return RESULT;
      },
      onOutcome: () => undefined,
    });
    expect(round).toEqual({ status: 'done' });
    expect(sent).toEqual(['a']);
    expect(await store.size()).toBe(0);
  });

  it('replaces a step’s queued photo with a retake', async () => {
    const store = memoryQueueStore();
    const photo = (fileName: string): QueuedItem => ({
      id: photoKey('g1', 's1'),
      seq: nextSeq(),
      slug: 'acme',
      gameId: 'g1',
      stepId: 's1',
      kind: 'photo',
      photo: new Blob(['jpeg']),
      fileName,
    });
    await store.put(photo('first.jpg'));
    await store.put(photo('retake.jpg'));
    const items = await store.list();
    expect(items).toHaveLength(1);
    expect(items[0]?.kind === 'photo' && items[0].fileName).toBe('retake.jpg');
  });

  it('orders items by an increasing sequence and backs off up to a minute', () => {
    const first = nextSeq();
    expect(nextSeq()).toBeGreaterThan(first);
    expect([1, 2, 3, 10].map(backoffMs)).toEqual([2000, 4000, 8000, 60_000]);
  });

  it('finds the next open step after the one on screen, then from the start', () => {
    const open = (step: { open: boolean }) => step.open;
    const steps = [{ open: true }, { open: false }, { open: false }, { open: true }];
    expect(nextOpenIndex(steps, open, 1)).toBe(3);
    expect(nextOpenIndex(steps, open, 3)).toBe(3);
    expect(nextOpenIndex([{ open: true }, { open: false }], open, 1)).toBe(0);
    expect(nextOpenIndex([{ open: false }], open, 0)).toBe(-1);
  });
});
