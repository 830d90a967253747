import type { GameLive, GameState } from '@tappa/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GAME_ID, gameOf, unmountScreens } from '../../../test/kits/gameplay';
import { gameLiveOf } from '../../../test/kits/live';
import { renderPlayerPage, requestsTo, stubPlayApi } from '../../../test/kits/player';
import { FakeEventSource, stubEventSource } from '../../../test/kits/scoreboards';
import { jsonResponse } from '../../../test/stub-api';
import { GameplayPage } from './gameplay-page';

// A judge's decision on the team's phone (issue 34, decision 0083): the `review` staff event in
// words, and 'Rifai la foto' leading to the step a rejection reopened.

const PATH = '/:tenantSlug/gioco/step';
const URL = `/acme/gioco/step?route=centro&game=${GAME_ID}`;
const GAME_PATH = `/api/play/acme/games/${GAME_ID}`;

/** A `review` staff event: a photo of step 3 approved unless told. */
function reviewLive(
  details: {
    decision?: 'approve' | 'reject' | 'points';
    item_kind?: 'photo' | 'text';
    step_index?: number;
    reopened?: boolean;
    decided_points?: number;
  } = {},
  event: { id?: number; points?: number; reason?: string | null } = {},
  live: Partial<GameLive> = {},
): GameLive {
  const stepIndex = details.step_index ?? 2;
  return gameLiveOf({
    current_step_index: 2,
    ...live,
    staff_event: {
      id: event.id ?? 50,
      kind: 'review',
      points: event.points ?? 0,
      reason: event.reason ?? null,
      details: {
        decision: 'approve',
        item_kind: 'photo',
        step_number: stepIndex + 1,
        step_index: stepIndex,
        reopened: false,
        decided_points: 0,
        ...details,
      },
      at: '2026-05-04T10:30:00.000Z',
    },
  });
}

/** Opens the game on step 3 (its state answers `states` in turn, the last one again). */
async function openGame(states: GameState[]) {
  let reads = 0;
  const api = stubPlayApi({
    [`GET ${GAME_PATH}`]: () => jsonResponse(200, states[Math.min(reads++, states.length - 1)]),
    [`GET ${GAME_PATH}/live`]: () => jsonResponse(200, gameLiveOf({ current_step_index: 2 })),
  });
  renderPlayerPage(PATH, <GameplayPage />, URL);
  expect(await screen.findByText('Step 3 di 3')).toBeTruthy();
  const source = FakeEventSource.latest();
  act(() => source.open());
  act(() => source.emit('game', gameLiveOf({ current_step_index: 2 })));
  return { api, push: (live: GameLive) => act(() => source.emit('game', live)) };
}

/** The notice's text once it shows. */
async function noticeText() {
  return (await screen.findByRole('alert')).textContent ?? '';
}

beforeEach(() => {
  stubEventSource();
  localStorage.clear();
});

afterEach(() => {
  unmountScreens();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a judge's decision on the team's phone", () => {
  it("says 'Foto approvata' with OK only, and nothing to retake", async () => {
    const { push } = await openGame([gameOf({ current_step_index: 2 })]);
    push(reviewLive());
    expect(await noticeText()).toContain('Foto approvata');
    expect(screen.queryByRole('button', { name: 'Rifai la foto' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByText('Foto approvata')).toBeNull();
  });

  it("says a photo's points: 'Foto valutata: 8 punti', and one point in the singular", async () => {
    const { push } = await openGame([gameOf({ current_step_index: 2 })]);
    push(reviewLive({ decision: 'points', decided_points: 8 }, { id: 51, points: -2 }));
    expect(await noticeText()).toContain('Foto valutata: 8 punti');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    push(reviewLive({ decision: 'points', decided_points: 1 }, { id: 52, points: -7 }));
    expect(await noticeText()).toContain('Foto valutata: 1 punto');
  });

  it('says a text answer approved, rejected with its reason, and scored', async () => {
    const { push } = await openGame([gameOf({ current_step_index: 2 })]);
    push(reviewLive({ item_kind: 'text' }, { id: 53 }));
    expect(await noticeText()).toContain('Risposta approvata');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    push(
      reviewLive(
        { item_kind: 'text', decision: 'points', decided_points: 3 },
        { id: 54, points: -7 },
      ),
    );
    expect(await noticeText()).toContain('Risposta valutata: 3 punti');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    // A rejection of a completed game: the points go, the step does not reopen.
    push(
      reviewLive(
        { item_kind: 'text', decision: 'reject', reopened: false },
        { id: 55, points: -3, reason: 'Non è la risposta' },
      ),
    );
    expect(await noticeText()).toContain('Risposta rifiutata: Non è la risposta');
    expect(screen.queryByRole('button', { name: 'Rispondi di nuovo' })).toBeNull();
  });

  it("on a progressive route, 'Rifai la foto' closes the notice on the reopened step", async () => {
    const moved = gameOf({ current_step_index: 0, total_score: 0 });
    const { api, push } = await openGame([gameOf({ current_step_index: 2 }), moved]);
    push(
      reviewLive(
        { decision: 'reject', step_index: 0, reopened: true },
        { id: 56, points: -10, reason: 'Sfocata' },
        { current_step_index: 0 },
      ),
    );
    expect(await noticeText()).toContain('Foto rifiutata: Sfocata');
    // The game moved there already: the phone reads it again on the event.
    expect(await screen.findByText('Step 1 di 3')).toBeTruthy();
    expect(requestsTo(api, 'GET', GAME_PATH).length).toBeGreaterThanOrEqual(2);
    fireEvent.click(screen.getByRole('button', { name: 'Rifai la foto' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Step 1 di 3')).toBeTruthy();
  });

  it("on an exploration route, 'Rispondi di nuovo' opens the reopened step", async () => {
    const exploration = gameOf({ current_step_index: 2 }, { route_type: 'exploration' });
    const { api, push } = await openGame([exploration]);
    push(
      reviewLive(
        { item_kind: 'text', decision: 'reject', step_index: 0, reopened: true },
        { id: 57, reason: 'Troppo vaga' },
      ),
    );
    expect(await noticeText()).toContain('Risposta rifiutata: Troppo vaga');
    await waitFor(() => expect(requestsTo(api, 'GET', GAME_PATH)).toHaveLength(2));
    expect(screen.getByText('Step 3 di 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rispondi di nuovo' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Step 1 di 3')).toBeTruthy();
    // The game read again after the click leaves the team on that step.
    await waitFor(() => expect(requestsTo(api, 'GET', GAME_PATH)).toHaveLength(3));
    expect(screen.getByText('Step 1 di 3')).toBeTruthy();
  });
});
