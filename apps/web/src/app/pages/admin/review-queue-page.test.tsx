import type { ReviewItem, ReviewSummary } from '@tappa/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ReviewQueuePage } from './review-queue-page';
import { TENANT } from '../../../test/kits/player';
import { renderInRouter } from '../../../test/render-in-router';
import { errorResponse, jsonBody, pathOf } from '../../../test/stub-api';

const REVIEW = '/api/tenants/acme/review';

/** A pending photo item of step `number` of the route Lago. */
function itemOf(id: string, number: number, overrides: Partial<ReviewItem> = {}): ReviewItem {
  return {
    id,
    game_id: `g-${id}`,
    team_name: `Squadra ${id.toUpperCase()}`,
    route: { id: 'r1', title: 'Lago' },
    step: { id: `s${number}`, number, place: `Posto ${number}`, task: `Fotografa ${number}` },
    kind: 'photo',
    photo_url: `${REVIEW}/items/${id}/photo?size=phone`,
    answer: null,
    example_answer: null,
    provisional_points: 10,
    max_points: 15,
    status: 'pending',
    decided_points: null,
    reason: null,
    decided_by_email: null,
    decided_at: null,
    claimed_by_me: true,
    created_at: '2025-05-01T10:00:00.000Z',
    ...overrides,
  };
}

const SUMMARY: ReviewSummary = {
  pending: 3,
  routes: [{ id: 'r1', title: 'Lago', pending: 3, steps: [] }],
};

type Handler = (body: unknown) => Response | Promise<Response> | undefined;

/**
 * A queue server over `items`, in their order: `next` claims the first pending one after
 * `after` (wrapping round, never `after` itself nor one of `keep`); decisions and undos change them. `answer` may
 * answer a call first, by `'METHOD /path'`.
 */
function stubQueue(items: ReviewItem[], answer: Record<string, Handler> = {}) {
  const held = items.map((item) => ({ ...item }));
  const pendingCount = () => held.filter((item) => item.status === 'pending').length;
  const mock = vi.fn<typeof fetch>(async (input, init) => {
    const path = pathOf(input);
    const method = init?.method ?? 'GET';
    const body = jsonBody(init) as Record<string, unknown> | undefined;
    const own = answer[`${method} ${path}`]?.(body);
    if (own) return own;
    if (path === '/api/public/tenants/acme') return Response.json(TENANT);
    if (path === REVIEW) return Response.json(SUMMARY);
    if (path === `${REVIEW}/next`) {
      const after = held.findIndex((item) => item.id === body?.after);
      const order = [...held.slice(after + 1), ...held.slice(0, after + 1)];
      const skip = [body?.after, ...((body?.keep as string[] | undefined) ?? [])];
      const item = order.find((c) => c.status === 'pending' && !skip.includes(c.id)) ?? null;
      return Response.json({ item, pending: pendingCount() });
    }
    const match = /^\/api\/tenants\/acme\/review\/items\/(\w+)\/(\w+)$/.exec(path);
    const item = held.find((candidate) => candidate.id === match?.[1]);
    if (item && match?.[2] === 'claim') return Response.json(item);
    if (item && match?.[2] === 'decision') {
      const decision = body?.decision;
      item.status =
        decision === 'approve' ? 'approved' : decision === 'reject' ? 'rejected' : 'scored';
      item.reason = typeof body?.reason === 'string' ? body.reason : null;
      return Response.json({ item: { ...item }, pending: pendingCount() });
    }
    if (item && match?.[2] === 'undo') {
      item.status = 'pending';
      return Response.json({ item: { ...item }, pending: pendingCount() });
    }
    return errorResponse('not_found');
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The JSON bodies the stub received by `method` at `path`. */
function bodiesTo(mock: ReturnType<typeof stubQueue>, method: string, path: string) {
  return mock.mock.calls
    .filter(([input, init]) => pathOf(input) === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => jsonBody(init) as Record<string, unknown>);
}

const A = itemOf('a', 1);
const B = itemOf('b', 2);
const C = itemOf('c', 3);
const D = itemOf('d', 4);

/** Opens the queue of acme. */
function openQueue() {
  return renderInRouter(
    [{ path: '/:tenantSlug/live/review', element: <ReviewQueuePage /> }],
    '/acme/live/review',
  );
}

/** The photo shown, by its step number. */
const photoOf = (number: number) =>
  screen.findByRole('img', { name: `Foto della squadra per la tappa ${number}` });

const press = (key: string) => fireEvent.keyDown(document.body, { key });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Any action id the page made (a UUID). */
const ANY_UUID: unknown = expect.stringMatching(UUID);

describe('the review queue', () => {
  it('approves with A and shows the items claimed ahead without waiting for another next', async () => {
    // The next after C never answers: B, then C, must still show at once after each decision.
    const api = stubQueue([A, B, C, D], {
      [`POST ${REVIEW}/next`]: (body) =>
        (body as { after?: string }).after === 'c'
          ? new Promise<Response>(() => undefined)
          : undefined,
    });
    openQueue();
    await photoOf(1);
    // Two claimed ahead, one after the other: each keeps the item shown and the one before it.
    await waitFor(() =>
      expect(bodiesTo(api, 'POST', `${REVIEW}/next`)).toEqual([
        { after: null, keep: [] },
        { after: 'a', keep: [] },
        { after: 'b', keep: ['a'] },
      ]),
    );
    press('a');
    await photoOf(2);
    const [decision] = bodiesTo(api, 'POST', `${REVIEW}/items/a/decision`);
    expect(decision).toEqual({ action_id: ANY_UUID, decision: 'approve' });
    await waitFor(() =>
      expect(bodiesTo(api, 'POST', `${REVIEW}/next`).at(-1)).toEqual({ after: 'c', keep: ['b'] }),
    );
    press('a');
    await photoOf(3);
    expect(bodiesTo(api, 'POST', `${REVIEW}/next`)).toHaveLength(4);
  });

  it('rejects with R and a template picked by its digit, or with a typed reason', async () => {
    const api = stubQueue([A, B, C]);
    openQueue();
    await photoOf(1);
    press('r');
    expect(screen.getByRole('region', { name: 'Motivo del rifiuto' })).toBeTruthy();
    press('2');
    press('Enter');
    await photoOf(2);
    expect(bodiesTo(api, 'POST', `${REVIEW}/items/a/decision`)).toEqual([
      {
        action_id: ANY_UUID,
        decision: 'reject',
        reason: 'Foto sfocata o troppo scura',
      },
    ]);

    press('r');
    const typed = screen.getByLabelText('Oppure scrivi il motivo');
    // Keys typed in the field are the field's: A does not approve.
    fireEvent.keyDown(typed, { key: 'a' });
    fireEvent.change(typed, { target: { value: 'Non è il lago' } });
    fireEvent.keyDown(typed, { key: 'Enter' });
    await photoOf(3);
    expect(bodiesTo(api, 'POST', `${REVIEW}/items/b/decision`)).toEqual([
      { action_id: ANY_UUID, decision: 'reject', reason: 'Non è il lago' },
    ]);
  });

  it('Esc closes the reason chooser without a decision', async () => {
    const api = stubQueue([A, B]);
    openQueue();
    await photoOf(1);
    press('r');
    press('Escape');
    expect(screen.queryByRole('region', { name: 'Motivo del rifiuto' })).toBeNull();
    expect(bodiesTo(api, 'POST', `${REVIEW}/items/a/decision`)).toEqual([]);
  });

  it('types points with digits (up to the maximum) and gives them with Enter', async () => {
    const api = stubQueue([A, B]);
    openQueue();
    await photoOf(1);
    press('1');
    press('2');
    expect(screen.getByText('Punti: 12 / 15')).toBeTruthy();
    press('9'); // 129 > 15: not taken
    press('Backspace');
    press('3');
    expect(screen.getByText('Punti: 13 / 15')).toBeTruthy();
    press('Enter');
    await photoOf(2);
    expect(bodiesTo(api, 'POST', `${REVIEW}/items/a/decision`)).toEqual([
      { action_id: ANY_UUID, decision: 'points', points: 13 },
    ]);
  });

  it('skips with →, goes back with ← (claiming again) and undoes the last decision with U', async () => {
    const api = stubQueue([A, B, C]);
    openQueue();
    await photoOf(1);
    press('ArrowRight');
    await photoOf(2);
    expect(bodiesTo(api, 'POST', `${REVIEW}/items/a/decision`)).toEqual([]);
    press('ArrowLeft');
    await photoOf(1);
    expect(bodiesTo(api, 'POST', `${REVIEW}/items/a/claim`)).toHaveLength(1);

    press('a');
    await screen.findByRole('img', { name: /tappa (2|3)$/ });
    press('u');
    await photoOf(1);
    const [undo] = bodiesTo(api, 'POST', `${REVIEW}/items/a/undo`);
    const [decision] = bodiesTo(api, 'POST', `${REVIEW}/items/a/decision`);
    expect(undo).toEqual({ action_id: ANY_UUID });
    expect(undo?.action_id).not.toBe(decision?.action_id);
    expect(screen.getAllByText('Da rivedere').length).toBeGreaterThan(0);
  });

  it("hides the team's name until 'Mostra squadra', per item", async () => {
    stubQueue([A, B]);
    openQueue();
    await photoOf(1);
    expect(screen.queryByText(/Squadra A/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Mostra squadra' }));
    expect(screen.getByText('Squadra: Squadra A')).toBeTruthy();
    press('ArrowRight');
    await photoOf(2);
    expect(screen.queryByText(/Squadra B/)).toBeNull();
  });

  it("shows the full photo on 'Piena risoluzione'", async () => {
    stubQueue([A]);
    openQueue();
    const photo = await photoOf(1);
    expect(photo.getAttribute('src')).toBe(`${REVIEW}/items/a/photo?size=phone`);
    fireEvent.click(screen.getByRole('button', { name: 'Piena risoluzione' }));
    expect((await photoOf(1)).getAttribute('src')).toBe(`${REVIEW}/items/a/photo?size=full`);
  });

  it('says another judge holds the item and moves on (review_claimed)', async () => {
    stubQueue([A, B], {
      [`POST ${REVIEW}/items/a/decision`]: () => errorResponse('review_claimed'),
    });
    openQueue();
    await photoOf(1);
    press('a');
    await photoOf(2);
    expect(screen.getByRole('alert').textContent).toBe(
      'Un altro giudice sta già guardando questa risposta',
    );
  });

  it('sends a decision again with the same action id after a network failure', async () => {
    let failures = 1;
    const api = stubQueue([A, B], {
      [`POST ${REVIEW}/items/a/decision`]: () => {
        if (failures-- > 0) throw new TypeError('Failed to fetch');
        return undefined;
      },
    });
    openQueue();
    await photoOf(1);
    press('a');
    await photoOf(2);
    const sent = bodiesTo(api, 'POST', `${REVIEW}/items/a/decision`);
    expect(sent).toHaveLength(2);
    expect(sent[1]?.action_id).toBe(sent[0]?.action_id);
  });

  it('asks an empty queue again every 5 s until an item comes', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const items: ReviewItem[] = [];
    const api = stubQueue(items, {
      [`POST ${REVIEW}/next`]: () =>
        Response.json({ item: items[0] ?? null, pending: items.length }),
    });
    openQueue();
    expect(await screen.findByText('Nessuna risposta da rivedere')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await waitFor(() => expect(bodiesTo(api, 'POST', `${REVIEW}/next`)).toHaveLength(2));
    items.push(A);
    await act(() => vi.advanceTimersByTimeAsync(5000));
    await photoOf(1);
  });

  it('pages through decided items and undoes the shown one with U', async () => {
    const approved = itemOf('a', 1, { status: 'approved', decided_by_email: 'g@acme.test' });
    const rejected = itemOf('b', 2, { status: 'rejected', reason: 'Foto sfocata' });
    const api = stubQueue([approved, rejected], {
      [`GET ${REVIEW}/items`]: () =>
        Response.json({ items: [approved, rejected], next_cursor: null }),
    });
    renderInRouter(
      [{ path: '/:tenantSlug/live/review', element: <ReviewQueuePage /> }],
      '/acme/live/review?status=decided',
    );
    await photoOf(1);
    expect(screen.getByText('Approvata')).toBeTruthy();
    press('ArrowRight');
    await photoOf(2);
    expect(screen.getByText('Rifiutata: Foto sfocata')).toBeTruthy();
    press('u');
    await waitFor(() => expect(bodiesTo(api, 'POST', `${REVIEW}/items/b/undo`)).toHaveLength(1));
    const [query] = api.mock.calls
      .map(([input]) =>
        typeof input === 'string' ? input : input instanceof URL ? input.href : '',
      )
      .filter((url) => url.startsWith(`${REVIEW}/items?`));
    expect(query).toContain('status=decided');
  });
});
