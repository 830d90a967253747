import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  detailsOf,
  profileOf,
  renderPlayerPage,
  requestsTo,
  stubPlayApi,
} from '../../../test/kits/player';
import type { Handler } from '../../../test/kits/player';
import { renderInRouter } from '../../../test/render-in-router';
import { errorResponse, jsonBody, jsonResponse } from '../../../test/stub-api';
import { PlayerStartPage } from './player-start-page';
import { RouteDetailsPage } from './route-details-page';
import { stubDialogs } from '../../../test/stub-browser';

const PATH = '/:tenantSlug/:routeSlug/details';
const GAME_ID = '33333333-3333-4333-8333-333333333333';
const LONG = `${'Una passeggiata tra fontane e piazze. '.repeat(8)}Fine.`;
const START = 'POST /api/play/acme/routes/centro/start';
const REDEEM = 'POST /api/play/acme/routes/centro/redeem';

/** Opens the details of `centro` for an identified team. */
function openDetails(
  handlers: Record<string, Handler> = {},
  details = detailsOf(),
  url = '/acme/centro/details',
) {
  const api = stubPlayApi({
    'GET /api/play/acme/me': () => jsonResponse(200, profileOf()),
    'GET /api/play/acme/routes/centro': () => jsonResponse(200, details),
    ...handlers,
  });
  const router = renderPlayerPage(PATH, <RouteDetailsPage />, url);
  return { api, router };
}

/** The router's current path with its query. */
function where(router: ReturnType<typeof openDetails>['router']) {
  return router.state.location.pathname + router.state.location.search;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('route details', () => {
  it('shows title, rating, hours, places with media hints, distance, key elements, language', async () => {
    openDetails();
    expect(await screen.findByRole('heading', { level: 1, name: 'Giro del Centro' })).toBeTruthy();
    expect(screen.getByText('4.5')).toBeTruthy();
    expect(screen.getByText('254 Valutazioni')).toBeTruthy();
    expect(screen.getByText('Giocabile tutti i giorni, dalle 12AM alle 11PM')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Fontana di Trevi/ })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tappe intermedie: 2' })).toBeTruthy();
    const stops = screen.getAllByRole('listitem').map((item) => item.textContent);
    expect(stops).toEqual(['Pantheon', 'Piazza Navona Audio']);
    expect(screen.getByRole('heading', { name: 'Punto di arrivo' })).toBeTruthy();
    expect(screen.getByText('Campo de Fiori')).toBeTruthy();
    expect(screen.getByText('Video')).toBeTruthy();
    expect(screen.getByText('Immagine')).toBeTruthy();
    expect(screen.getByText('1,23 km')).toBeTruthy();
    expect(screen.getByText('Fontane barocche, piazze')).toBeTruthy();
    expect(screen.getByText('Italiano')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Indietro' }).getAttribute('href')).toBe(
      '/acme/select-route',
    );
  });

  it("cuts the description at 200 characters with 'Leggi tutto' / 'Mostra meno'", async () => {
    openDetails({}, detailsOf({ description: LONG }));
    const toggle = await screen.findByRole('button', { name: 'Leggi tutto' });
    expect(screen.getByText(`${LONG.slice(0, 200).trimEnd()}…`)).toBeTruthy();
    fireEvent.click(toggle);
    expect(screen.getByText(LONG)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Mostra meno' }));
    expect(screen.queryByText(LONG)).toBeNull();
  });

  it('shows a description holding markup as the text it is, never as HTML', async () => {
    // Route descriptions are stored as given (docs/security.md): only their display keeps them inert.
    const markup = '<img src=x onerror="alert(1)"><b>Giro</b>';
    openDetails({}, detailsOf({ description: markup }));
    const description = await screen.findByText(markup);
    expect(description.children).toHaveLength(0);
    expect(document.querySelector('img[src="x"], .route-description b')).toBeNull();
  });

  it("opens the start point's sheet with a directions link in a new tab", async () => {
    openDetails();
    fireEvent.click(await screen.findByRole('button', { name: /Fontana di Trevi/ }));
    const sheet = screen.getByRole('dialog', { name: 'Fontana di Trevi' });
    const link = within(sheet).getByRole('link', { name: 'Ottieni indicazioni' });
    expect(link.getAttribute('href')).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=41.900932,12.483313',
    );
    expect(link.getAttribute('target')).toBe('_blank');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Chiudi' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("'Seleziona questo percorso' opens the gameplay of a free route", async () => {
    const { api, router } = openDetails({
      [START]: () => jsonResponse(200, { next: 'play', game_id: GAME_ID, route_slug: 'centro' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Seleziona questo percorso' }));
    await waitFor(() =>
      expect(where(router)).toBe(`/acme/gioco/step?route=centro&game=${GAME_ID}`),
    );
    expect(requestsTo(api, 'POST', '/api/play/acme/routes/centro/start')).toHaveLength(1);
  });

  it("says 'Not Available' and keeps 'Seleziona questo percorso' disabled outside the route's dates", async () => {
    const { api } = openDetails({}, detailsOf({ is_available: false }));
    const select = await screen.findByRole('button', { name: 'Seleziona questo percorso' });
    expect(select.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Not Available')).toBeTruthy();
    fireEvent.click(select);
    expect(requestsTo(api, 'POST', '/api/play/acme/routes/centro/start')).toHaveLength(0);
  });

  it('leads to the payment page for a paid route', async () => {
    const { router } = openDetails({
      [START]: () => jsonResponse(200, { next: 'payment', price_cents: 1250, route_id: 'route-1' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Seleziona questo percorso' }));
    await waitFor(() => expect(where(router)).toBe('/acme/centro/payment'));
  });

  it("carries a code card's code to the payment page of a paid route", async () => {
    const { router } = openDetails(
      {
        [START]: () =>
          jsonResponse(200, { next: 'payment', price_cents: 1250, route_id: 'route-1' }),
      },
      detailsOf(),
      '/acme/centro/details?code=ABCD2345',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Seleziona questo percorso' }));
    await waitFor(() => expect(where(router)).toBe('/acme/centro/payment?code=ABCD2345'));
  });

  it.each([
    ['route_unavailable', 'Questo gioco non è attualmente disponibile'],
    ['route_without_price', 'Nessun prezzo disponibile per questo periodo'],
  ] as const)('alerts the text of %s when the server refuses: %j', async (code, message) => {
    const alert = stubDialogs().alert;
    openDetails({ [START]: () => errorResponse(code) });
    fireEvent.click(await screen.findByRole('button', { name: 'Seleziona questo percorso' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(message));
  });

  it('asks for the access code of a code route: 8 characters, errors verbatim, then plays', async () => {
    let redeemAnswer = errorResponse('access_code_used');
    const { api, router } = openDetails({
      [START]: () => jsonResponse(200, { next: 'code' }),
      [REDEEM]: () => redeemAnswer,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Seleziona questo percorso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Codice di accesso' });
    const input = within(dialog).getByLabelText<HTMLInputElement>('Codice');
    const verify = within(dialog).getByRole<HTMLButtonElement>('button', {
      name: 'Verifica',
    });
    expect(input.maxLength).toBe(8);
    expect(verify.disabled).toBe(true);

    fireEvent.change(input, { target: { value: 'abcd234' } });
    expect(input.value).toBe('ABCD234');
    expect(verify.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '' } });
    expect(within(dialog).getByRole('alert').textContent).toBe('Inserisci un codice di accesso');

    fireEvent.change(input, { target: { value: 'abcd2345' } });
    expect(verify.disabled).toBe(false);
    fireEvent.click(verify);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Questo codice è già stato utilizzato',
    );
    expect(jsonBody(requestsTo(api, 'POST', '/api/play/acme/routes/centro/redeem')[0])).toEqual({
      code: 'ABCD2345',
    });

    redeemAnswer = jsonResponse(200, { next: 'play', game_id: GAME_ID, route_slug: 'centro' });
    fireEvent.click(verify);
    await waitFor(() =>
      expect(where(router)).toBe(`/acme/gioco/step?route=centro&game=${GAME_ID}`),
    );
  });

  it('shows the code route error for a code of another route', async () => {
    openDetails({
      [START]: () => jsonResponse(200, { next: 'code' }),
      [REDEEM]: () => errorResponse('access_code_invalid'),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Seleziona questo percorso' }));
    const input = await screen.findByLabelText('Codice');
    fireEvent.change(input, { target: { value: 'ZZZZ9999' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verifica' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Codice non valido per questa route',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("fills the code dialog from a code card's `?code=` (cleaned), for the team to confirm", async () => {
    openDetails(
      { [START]: () => jsonResponse(200, { next: 'code' }) },
      detailsOf(),
      '/acme/centro/details?code=abcd%202345',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Seleziona questo percorso' }));
    expect(await screen.findByLabelText('Codice')).toHaveProperty('value', 'ABCD2345');
    expect(screen.getByRole('button', { name: 'Verifica' })).toHaveProperty('disabled', false);
  });

  it('goes back to select-route when the route does not exist', async () => {
    const { router } = openDetails({
      'GET /api/play/acme/routes/centro': () => errorResponse('route_not_found'),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/select-route'));
  });

  it('goes to the start screen without an identified team', async () => {
    stubPlayApi({ 'GET /api/play/acme/routes/centro': () => jsonResponse(200, detailsOf()) });
    const router = renderPlayerPage(PATH, <RouteDetailsPage />, '/acme/centro/details');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/start'));
  });

  it.each([
    ['registers', 'Registrati', { mode: 'new', profile: profileOf({ registration: null }) }],
    ['recovers its data', 'Recupera i tuoi dati', { mode: 'returning', profile: profileOf() }],
  ] as const)(
    "keeps a code card's `?code=` while a team new on this phone %s on the start screen",
    async (_case, button, identified) => {
      const api = stubPlayApi({
        'GET /api/play/acme/routes/centro': () => jsonResponse(200, detailsOf()),
        'POST /api/play/acme/identify': () => jsonResponse(200, identified),
        'PUT /api/play/acme/registration': () => jsonResponse(200, profileOf().registration),
        [START]: () => jsonResponse(200, { next: 'code' }),
      });
      const router = renderInRouter(
        [
          { path: PATH, element: <RouteDetailsPage /> },
          { path: '/:tenantSlug/start', element: <PlayerStartPage /> },
        ],
        '/acme/centro/details?code=ABCD2345',
      );
      fireEvent.change(await screen.findByLabelText('Email della squadra'), {
        target: { value: 'team@example.com' },
      });
      expect(where(router)).toBe('/acme/start');
      fireEvent.click(screen.getByRole('button', { name: button }));
      fireEvent.change(await screen.findByLabelText('Nome della squadra'), {
        target: { value: 'I Leoni' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Continua' }));

      fireEvent.click(await screen.findByRole('button', { name: 'Seleziona questo percorso' }));
      expect(where(router)).toBe('/acme/centro/details?code=ABCD2345');
      expect(await screen.findByLabelText('Codice')).toHaveProperty('value', 'ABCD2345');
      expect(requestsTo(api, 'PUT', '/api/play/acme/registration')).toHaveLength(1);
    },
  );
});
