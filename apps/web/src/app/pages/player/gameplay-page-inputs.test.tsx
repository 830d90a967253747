import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GAME_ID, gameOf, resultOf, stepOf } from '../../../features/gameplay/gameplay-fixtures';
import {
  bodyOf,
  json,
  renderPlayerPage,
  requestsTo,
  stubPlayApi,
} from '../../../features/player-common/test-kit';
import type { Handler } from '../../../features/player-common/test-kit';
import { GameplayPage } from './gameplay-page';

const URL = `/acme/gioco/step?route=centro&game=${GAME_ID}`;
const GAME = `GET /api/play/acme/games/${GAME_ID}`;
const SUBMIT = (n: number) => `/api/play/acme/games/${GAME_ID}/steps/step-${n}/submit`;

/** Opens the gameplay of `game` with extra API `handlers`. */
function openGame(game = gameOf(), handlers: Record<string, Handler> = {}) {
  const api = stubPlayApi({ [GAME]: () => json(200, game), ...handlers });
  renderPlayerPage('/:tenantSlug/gioco/step', <GameplayPage />, URL);
  return { api };
}

/** Types into the answer field. */
function type(value: string) {
  fireEvent.change(screen.getByLabelText('Your Answer'), { target: { value } });
}

const submitButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('gameplay answer inputs', () => {
  it('sends the chosen answers of a multiple-choice step as an array', async () => {
    const steps = [stepOf(1, { check_type: 'choice', choices: ['A', 'B', 'C'], multiple: true })];
    const { api } = openGame(gameOf({ steps }), {
      [`POST ${SUBMIT(1)}`]: () => json(200, resultOf({ outcome: 'wrong', message: 'No' })),
    });
    expect(await screen.findByText('Select Your Answer')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'A' }));
    fireEvent.click(screen.getByRole('button', { name: 'C' }));
    fireEvent.click(screen.getByRole('button', { name: 'A' }));
    fireEvent.click(screen.getByRole('button', { name: 'B' }));
    fireEvent.click(submitButton());
    await screen.findByRole('alert');
    expect(bodyOf(requestsTo(api, 'POST', SUBMIT(1))[0])).toMatchObject({ answer: ['C', 'B'] });
  });

  it('keeps one choice of a single-choice step', async () => {
    const steps = [stepOf(1, { check_type: 'choice', choices: ['A', 'B'] })];
    const { api } = openGame(gameOf({ steps }), {
      [`POST ${SUBMIT(1)}`]: () => json(200, resultOf({ outcome: 'wrong', message: 'No' })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'A' }));
    fireEvent.click(screen.getByRole('button', { name: 'B' }));
    expect(screen.getByRole('button', { name: 'A' }).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(submitButton());
    await screen.findByRole('alert');
    expect(bodyOf(requestsTo(api, 'POST', SUBMIT(1))[0])).toMatchObject({ answer: ['B'] });
  });

  it('sends a QR code typed by hand trimmed, and a code answer from the text field', async () => {
    const steps = [stepOf(1, { check_type: 'qr' }), stepOf(2, { check_type: 'code' })];
    const { api } = openGame(gameOf({ steps }), {
      [`POST ${SUBMIT(1)}`]: () => json(200, resultOf()),
    });
    fireEvent.change(await screen.findByLabelText('Codice QR'), { target: { value: ' QR-7 ' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText('Step 2 di 2')).toBeTruthy();
    expect(bodyOf(requestsTo(api, 'POST', SUBMIT(1))[0])).toMatchObject({ answer: 'QR-7' });
    expect(screen.getByLabelText('Your Answer')).toBeTruthy();
  });

  it('says photo capture is coming and keeps Submit disabled on a photo step', async () => {
    openGame(gameOf({ steps: [stepOf(1, { check_type: 'photo' })] }));
    expect(await screen.findByText(/La foto della tappa/)).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
  });

  it('sends the picked compass letter as heading_deg', async () => {
    const steps = [stepOf(1, { requires_orientation: true })];
    const { api } = openGame(gameOf({ steps }), {
      [`POST ${SUBMIT(1)}`]: () =>
        json(
          200,
          resultOf({
            outcome: 'wrong',
            message: 'Incorrect orientation! Check your compass direction.',
          }),
        ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'E' }));
    type('Roma');
    fireEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Incorrect orientation! Check your compass direction.',
    );
    expect(bodyOf(requestsTo(api, 'POST', SUBMIT(1))[0])).toMatchObject({ heading_deg: 90 });
  });
});
