import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { GAME_ID, gameOf, resultOf, unmountScreens } from '../../../test/kits/gameplay';
import { detailsOf, profileOf, renderPlayerPage, stubPlayApi } from '../../../test/kits/player';
import type { Handler } from '../../../test/kits/player';
import { DEVELOPER_DETAIL, errorResponse, jsonResponse } from '../../../test/stub-api';
import { GameplayPage } from './gameplay-page';
import { RouteDetailsPage } from './route-details-page';
import { stubDialogs } from '../../../test/stub-browser';

const GAME = `GET /api/play/acme/games/${GAME_ID}`;
const SUBMIT = `POST /api/play/acme/games/${GAME_ID}/steps/step-1/submit`;

/** Opens the gameplay of the sample game with extra API `handlers`. */
function openGame(handlers: Record<string, Handler>) {
  stubPlayApi({ [GAME]: () => jsonResponse(200, gameOf()), ...handlers });
  renderPlayerPage(
    '/:tenantSlug/gioco/step',
    <GameplayPage />,
    `/acme/gioco/step?route=centro&game=${GAME_ID}`,
  );
}

/** Answers the current step with `value`. */
async function submit(value: string) {
  fireEvent.change(await screen.findByLabelText('Your Answer'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

afterAll(async () => {
  await i18n.changeLanguage('it');
});

afterEach(() => {
  unmountScreens();
});

describe('errors in an English interface', () => {
  it('shows a wrong try with the English text of its reason', async () => {
    openGame({
      [SUBMIT]: () =>
        jsonResponse(
          200,
          resultOf({ outcome: 'wrong', reason: { code: 'too_far', distance_m: 80, radius_m: 25 } }),
        ),
    });
    expect(await screen.findByText('Step 1 of 3')).toBeTruthy();
    await submit('Roma');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You are too far from the location (80m away, need to be within 25m)',
    );
  });

  it("shows a refused try with the English text of the server's code, never its message", async () => {
    openGame({ [SUBMIT]: () => errorResponse('step_done') });
    await submit('Roma');
    expect((await screen.findByRole('alert')).textContent).toBe('This step is already completed');
    expect(document.body.textContent).not.toContain(DEVELOPER_DETAIL);
  });

  it('alerts an English refusal where the Italian UI alerts the spec text', async () => {
    const alert = stubDialogs().alert;
    stubPlayApi({
      'GET /api/play/acme/me': () => jsonResponse(200, profileOf()),
      'GET /api/play/acme/routes/centro': () => jsonResponse(200, detailsOf()),
      'POST /api/play/acme/routes/centro/start': () => errorResponse('route_without_price'),
    });
    renderPlayerPage(
      '/:tenantSlug/:routeSlug/details',
      <RouteDetailsPage />,
      '/acme/centro/details',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Select this route' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('No price available for this period'));
    expect(alert).not.toHaveBeenCalledWith(expect.stringContaining(DEVELOPER_DETAIL));
  });
});
