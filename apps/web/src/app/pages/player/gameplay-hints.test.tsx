import type { PlayerHint } from '@tappa/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogs, toasts } from '../../../lib/dialogs';
import { GAME_ID, gameOf, stepOf, unmountScreens } from '../../../test/kits/gameplay';
import { gameLiveOf } from '../../../test/kits/live';
import { renderPlayerPage, requestsTo, stubPlayApi } from '../../../test/kits/player';
import { FakeEventSource, stubEventSource } from '../../../test/kits/scoreboards';
import { errorResponse, jsonResponse } from '../../../test/stub-api';
import { GameplayPage } from './gameplay-page';

const PATH = '/:tenantSlug/gioco/step';
const URL = `/acme/gioco/step?route=centro&game=${GAME_ID}`;
const GAME_PATH = `/api/play/acme/games/${GAME_ID}`;
const HINTS_PATH = `${GAME_PATH}/steps/step-1/hints`;

/** Hint 2 of step 1 (its first after the step's own): 3 points, unlocking at `unlockAt`. */
function hintOf(overrides: Partial<PlayerHint> = {}): PlayerHint {
  return { index: 0, cost: 3, unlock_at: null, taken: false, text: null, ...overrides };
}

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

/** Opens a game whose first step has `hints`; taking one answers `take`. */
function openGame(hints: PlayerHint[], opts: { budgetLeft?: number; take?: () => Response } = {}) {
  const game = gameOf({
    steps: [stepOf(1, { hints }), stepOf(2), stepOf(3)],
    hint_budget_left: opts.budgetLeft ?? null,
  });
  const api = stubPlayApi({
    [`GET ${GAME_PATH}`]: () => jsonResponse(200, game),
    [`GET ${GAME_PATH}/live`]: () => jsonResponse(200, gameLiveOf()),
    [`POST ${HINTS_PATH}`]:
      opts.take ??
      (() =>
        jsonResponse(200, {
          hint: { index: 0, cost: 3, text: 'Guarda in alto' },
          total_score: -3,
          hint_budget_left: null,
        })),
  });
  renderPlayerPage(PATH, <GameplayPage />, URL);
  return api;
}

beforeEach(() => {
  stubEventSource();
  localStorage.clear();
});

afterEach(() => {
  unmountScreens();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a step's hints after its own on the phone (decision 0085)", () => {
  it("shows when a locked hint unlocks, 'Disponibile tra 2:30', and keeps it closed", async () => {
    // The phone's clock stands still: on a busy machine a second may pass before the screen
    // shows, and the countdown would read 2:29 (only the date is held, the timers run).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    openGame([hintOf({ unlock_at: inSeconds(150) })]);
    expect(await screen.findByText('Disponibile tra 2:30')).toBeTruthy();
    const take = screen.getByRole('button', { name: 'Mostra il suggerimento 2 (costa 3 punti)' });
    expect((take as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText('Guarda in alto')).toBeNull();
  });

  it("asks 'Questo suggerimento costa 3 punti' first, then shows the text the server sends", async () => {
    const confirm = vi.spyOn(dialogs, 'confirm').mockResolvedValueOnce(false);
    const api = openGame([hintOf({ unlock_at: inSeconds(-1) })]);
    const take = await screen.findByRole('button', {
      name: 'Mostra il suggerimento 2 (costa 3 punti)',
    });
    fireEvent.click(take);
    await waitFor(() => expect(confirm).toHaveBeenCalledWith('Questo suggerimento costa 3 punti'));
    // Cancelled: nothing asked of the server.
    expect(requestsTo(api, 'POST', HINTS_PATH)).toHaveLength(0);

    confirm.mockResolvedValueOnce(true);
    fireEvent.click(take);
    expect(await screen.findByText('Guarda in alto')).toBeTruthy();
    expect(screen.getByText('Suggerimento 2: −3 punti')).toBeTruthy();
    const [init] = requestsTo(api, 'POST', HINTS_PATH);
    expect(JSON.parse(init?.body as string)).toEqual({ index: 0 });
    // The game is read again for its score.
    await waitFor(() => expect(requestsTo(api, 'GET', GAME_PATH).length).toBeGreaterThan(1));
  });

  it('takes a free hint without asking, and shows a hint taken before as it was', async () => {
    const confirm = vi.spyOn(dialogs, 'confirm');
    const api = openGame([
      hintOf({ cost: 0, unlock_at: inSeconds(-1) }),
      hintOf({ index: 1, cost: 2, unlock_at: inSeconds(-60), taken: true, text: 'Dietro di voi' }),
    ]);
    expect(await screen.findByText('Dietro di voi')).toBeTruthy();
    expect(screen.getByText('Suggerimento 3: −2 punti')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mostra il suggerimento 2' }));
    expect(await screen.findByText('Guarda in alto')).toBeTruthy();
    expect(confirm).not.toHaveBeenCalled();
    expect(requestsTo(api, 'POST', HINTS_PATH)).toHaveLength(1);
  });

  it("keeps a hint that costs more than the budget's points left closed, and says why", async () => {
    openGame([hintOf({ unlock_at: inSeconds(-1) })], { budgetLeft: 2 });
    expect(await screen.findByText('Restano 2 punti per i suggerimenti: non bastano')).toBeTruthy();
    expect(screen.getByText('Restano 2 punti da spendere in suggerimenti')).toBeTruthy();
    const take = screen.getByRole('button', { name: 'Mostra il suggerimento 2 (costa 3 punti)' });
    expect((take as HTMLButtonElement).disabled).toBe(true);
  });

  it("waits for the server's unlock time when the phone's clock runs ahead", async () => {
    vi.spyOn(dialogs, 'confirm').mockResolvedValue(true);
    const failure = vi.spyOn(toasts, 'error').mockImplementation(() => undefined);
    openGame([hintOf({ unlock_at: inSeconds(-1) })], {
      take: () => errorResponse('hint_locked', { retry_after_s: 30 }),
    });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Mostra il suggerimento 2 (costa 3 punti)' }),
    );
    expect(await screen.findByText('Disponibile tra 0:30')).toBeTruthy();
    expect(failure).toHaveBeenCalledWith('Questo suggerimento sarà disponibile tra 30 secondi');
  });

  it("shows a hint given free by the organisers, and no notice for the team's own take", async () => {
    openGame([hintOf({ unlock_at: inSeconds(-1) })]);
    expect(await screen.findByText('Step 1 di 3')).toBeTruthy();
    const source = FakeEventSource.latest();
    act(() => source.open());
    const hintEvent = (
      id: number,
      points: number,
      reason: string | null,
      details: Record<string, string | number>,
    ) =>
      gameLiveOf({
        total_score: -3,
        staff_event: { id, kind: 'hint', points, reason, details, at: inSeconds(0) },
      });
    act(() => source.emit('game', hintEvent(50, -3, null, { step_number: 1, hint_index: 0 })));
    expect(screen.queryByRole('alert')).toBeNull();
    const free = { action: 'give_hint', step_number: 1, hint_index: 1 };
    act(() => source.emit('game', hintEvent(51, 0, 'Bloccati da mezz’ora', free)));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Un suggerimento in regalo: Bloccati da mezz’ora',
    );
  });
});
