import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GAME_ID, gameOf, unmountScreens } from '../../../test/kits/gameplay';
import { renderPlayerPage, requestsTo, stubPlayApi } from '../../../test/kits/player';
import { errorResponse, jsonResponse } from '../../../test/stub-api';
import { GameplayPage } from './gameplay-page';

const PATH = '/:tenantSlug/gioco/step';
const URL = `/acme/gioco/step?route=centro&game=${GAME_ID}`;
const GAME = `GET /api/play/acme/games/${GAME_ID}`;
const HANDOFF = `/api/play/acme/games/${GAME_ID}/handoff`;
const TEN_MINUTES_MS = 10 * 60 * 1000;

afterEach(() => {
  unmountScreens();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the game card at a glance', () => {
  it('shows the progress on step 1, the place as a button, and Submit enabled once answered', async () => {
    stubPlayApi({ [GAME]: () => jsonResponse(200, gameOf()) });
    renderPlayerPage(PATH, <GameplayPage />, URL);
    const bar = await screen.findByRole('progressbar', { name: 'Avanzamento' });
    expect(bar.getAttribute('aria-valuetext')).toBe('Step 1 di 3');
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    // One segment per step, the first marked as the current one: the bar shows on step 1.
    expect([...bar.children].map((segment) => segment.className)).toEqual([
      'gameplay__segment gameplay__segment--current',
      'gameplay__segment',
      'gameplay__segment',
    ]);
    const place = screen.getByRole('button', { name: 'Piazza 1' });
    expect(place.getAttribute('aria-haspopup')).toBe('dialog');
    expect(place.querySelector('svg')).not.toBeNull();

    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' });
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Your Answer'), { target: { value: '42' } });
    expect(submit.disabled).toBe(false);
    expect(submit.className).toContain('gameplay__submit');
  });
});

describe("'Continua su un altro telefono'", () => {
  it('shows a QR code and the code for ten minutes, then a new code on request', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-05-04T10:00:00.000Z'));
    let issued = 0;
    const api = stubPlayApi({
      [GAME]: () => jsonResponse(200, gameOf()),
      [`POST ${HANDOFF}`]: () => {
        issued += 1;
        const code = issued === 1 ? 'ABC234' : 'XYZ789';
        return jsonResponse(200, { code, expires_at: '2026-05-04T10:10:00.000Z' });
      },
    });
    renderPlayerPage(PATH, <GameplayPage />, URL);
    const open = await screen.findByRole('button', { name: 'Continua su un altro telefono' });
    fireEvent.click(open);
    const panel = await screen.findByRole('dialog', { name: 'Continua su un altro telefono' });
    expect((await within(panel).findByTestId('handoff-code')).textContent).toBe('ABC234');
    expect(within(panel).getByText(/^localhost(:\d+)?\/acme\/continua$/)).toBeTruthy();
    expect(within(panel).getByRole('timer').textContent).toBe('Valido ancora per 10:00');
    const qr = await within(panel).findByRole('img', {
      name: 'Codice QR per continuare questo gioco su un altro telefono',
    });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(requestsTo(api, 'POST', HANDOFF)).toHaveLength(1);

    act(() => {
      vi.advanceTimersByTime(TEN_MINUTES_MS);
    });
    expect(within(panel).getByText('Il codice è scaduto.')).toBeTruthy();
    expect(within(panel).queryByTestId('handoff-code')).toBeNull();
    fireEvent.click(within(panel).getByRole('button', { name: 'Nuovo codice' }));
    expect((await within(panel).findByTestId('handoff-code')).textContent).toBe('XYZ789');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(open);
  });

  it("says why a code cannot be made: the server's text", async () => {
    stubPlayApi({
      [GAME]: () => jsonResponse(200, gameOf()),
      [`POST ${HANDOFF}`]: () => errorResponse('handoff_game_finished'),
    });
    renderPlayerPage(PATH, <GameplayPage />, URL);
    fireEvent.click(await screen.findByRole('button', { name: 'Continua su un altro telefono' }));
    const panel = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(panel).getByRole('alert').textContent).toBe('Questo gioco è già terminato'),
    );
    fireEvent.click(within(panel).getByRole('button', { name: 'Chiudi' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
