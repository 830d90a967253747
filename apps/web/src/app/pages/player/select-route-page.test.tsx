import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  PAUSED_GAME,
  profileOf,
  renderPlayerPage,
  requestsTo,
  routeOf,
  stubPlayApi,
  TENANT,
} from '../../../test/kits/player';
import type { Handler } from '../../../test/kits/player';
import { jsonResponse } from '../../../test/stub-api';
import { SelectRoutePage } from './select-route-page';

const PATH = '/:tenantSlug/select-route';
const GAME_ID = '22222222-2222-4222-8222-222222222222';

const ROUTES = [
  routeOf({ id: 'r1', slug: 'centro', title: 'Giro del Centro', access_type: 'free' }),
  routeOf({ id: 'r2', slug: 'musei', title: 'Musei', access_type: 'code', description: null }),
  routeOf({
    id: 'r3',
    slug: 'notte',
    title: 'Roma di notte',
    access_type: 'paid',
    price_cents: 1250,
    code_price_cents: 990,
    image_url: null,
  }),
  routeOf({
    id: 'r4',
    slug: 'fori',
    title: 'Fori Imperiali',
    in_progress: { game_id: GAME_ID, done: 2, total: 6 },
  }),
];

/** Opens select-route for an identified team with `routes`. */
function openSelectRoute(routes = ROUTES, handlers: Record<string, Handler> = {}) {
  const api = stubPlayApi({
    'GET /api/play/acme/me': () => jsonResponse(200, profileOf()),
    'GET /api/play/acme/routes': () => jsonResponse(200, { routes }),
    ...handlers,
  });
  const router = renderPlayerPage(PATH, <SelectRoutePage />, '/acme/select-route');
  return { api, router };
}

/** The card of the route titled `title`. */
async function cardOf(title: string) {
  const button = await screen.findByRole('button', { name: title });
  const card = button.closest('article');
  if (!card) throw new Error(`no card for ${title}`);
  return { button, card };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('select-route', () => {
  it('shows each route as a card with its badge and the game in progress', async () => {
    openSelectRoute();
    const free = await cardOf('Giro del Centro');
    expect(within(free.card).getByText('Gratuito')).toBeTruthy();
    expect(within(free.card).getByText('Fontane e piazze.').className).toBe(
      'route-card__description',
    );
    expect(within((await cardOf('Musei')).card).getByText('Con codice')).toBeTruthy();
    const paid = (await cardOf('Roma di notte')).card;
    expect(within(paid).getByText('€ 12,50')).toBeTruthy();
    // A price row with a discount code: the full cost, and what the code would make it.
    expect(within(paid).getByText('Con codice sconto: € 9,90')).toBeTruthy();
    expect(screen.getAllByText(/Con codice sconto/)).toHaveLength(1);
    expect(
      within((await cardOf('Fori Imperiali')).card).getByText('In corso: 2/6 tappe'),
    ).toBeTruthy();
    expect(screen.getAllByText('In corso', { exact: false })).toHaveLength(1);
  });

  it("shows a route's description holding markup as text, never as HTML", async () => {
    const markup = '<img src=x onerror="alert(1)"><b>Notte</b>';
    openSelectRoute([routeOf({ id: 'r9', slug: 'markup', title: 'Markup', description: markup })]);
    const { card } = await cardOf('Markup');
    const description = within(card).getByText(markup);
    expect(description.className).toBe('route-card__description');
    expect(description.children).toHaveLength(0);
    expect(card.querySelector('img[src="x"], b')).toBeNull();
  });

  it('has the tenant header with a round back button to the start screen', async () => {
    const { router } = openSelectRoute();
    await cardOf('Musei');
    expect(screen.getByText('Acme Quest')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: "Torna all'inizio" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/start'));
  });

  it("shows the tenant's brand logo, payoff and description (rich text)", async () => {
    openSelectRoute(ROUTES, {
      'GET /api/public/tenants/acme': () =>
        jsonResponse(200, {
          ...TENANT,
          brand_logo_url: '/files/acme/brand-logo.png',
          payoff: '<p><strong>Roma</strong> da <em>scoprire</em></p>',
          description: '<p>Una <u>caccia</u> al tesoro</p>',
        }),
    });
    await cardOf('Musei');
    expect(screen.getByRole('img', { name: /Acme Quest/ }).getAttribute('src')).toBe(
      '/files/acme/brand-logo.png',
    );
    expect(screen.getByText('Roma').tagName).toBe('STRONG');
    expect(screen.getByText('scoprire').tagName).toBe('EM');
    expect(screen.getByText('caccia').tagName).toBe('U');
  });

  it("shows 'Nessun percorso disponibile al momento' without routes", async () => {
    openSelectRoute([]);
    expect(await screen.findByText('Nessun percorso disponibile al momento')).toBeTruthy();
  });

  it('opens the details of a route without a game in progress', async () => {
    const { router } = openSelectRoute();
    fireEvent.click((await cardOf('Musei')).button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/musei/details'));
  });

  it('resumes the game in progress of a card and opens the gameplay', async () => {
    const { api, router } = openSelectRoute(ROUTES, {
      [`POST /api/play/acme/games/${GAME_ID}/resume`]: () =>
        jsonResponse(200, { next: 'play', game_id: GAME_ID, route_slug: 'fori' }),
    });
    fireEvent.click((await cardOf('Fori Imperiali')).button);
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        `/acme/gioco/step?route=fori&game=${GAME_ID}`,
      ),
    );
    expect(requestsTo(api, 'POST', `/api/play/acme/games/${GAME_ID}/resume`)).toHaveLength(1);
  });

  it("marks a route outside its dates 'Not Available' and does not open it", async () => {
    const closed = routeOf({ id: 'r5', slug: 'chiuso', title: 'Chiuso', is_available: false });
    const { router } = openSelectRoute([...ROUTES, closed]);
    const { button, card } = await cardOf('Chiuso');
    expect(within(card).getByText('Not Available')).toBeTruthy();
    expect(button.hasAttribute('disabled')).toBe(true);
    expect(screen.getAllByText('Not Available')).toHaveLength(1);
    fireEvent.click(button);
    expect(router.state.location.pathname).toBe('/acme/select-route');
  });

  it('still resumes the game in progress of a route outside its dates', async () => {
    const closed = routeOf({
      id: 'r5',
      slug: 'chiuso',
      title: 'Chiuso',
      is_available: false,
      in_progress: { game_id: GAME_ID, done: 1, total: 3 },
    });
    const { api } = openSelectRoute([closed], {
      [`POST /api/play/acme/games/${GAME_ID}/resume`]: () =>
        jsonResponse(200, { next: 'play', game_id: GAME_ID, route_slug: 'chiuso' }),
    });
    const { button, card } = await cardOf('Chiuso');
    expect(within(card).getByText('Not Available')).toBeTruthy();
    fireEvent.click(button);
    await waitFor(() =>
      expect(requestsTo(api, 'POST', `/api/play/acme/games/${GAME_ID}/resume`)).toHaveLength(1),
    );
  });

  it("lists the team's interrupted games under 'Giochi Interrotti' with 'Riprendi'", async () => {
    const game = { ...PAUSED_GAME, id: GAME_ID, route_slug: 'fori' };
    const api = stubPlayApi({
      'GET /api/play/acme/me': () => jsonResponse(200, profileOf({ paused_games: [game] })),
      'GET /api/play/acme/routes': () => jsonResponse(200, { routes: ROUTES }),
      [`POST /api/play/acme/games/${GAME_ID}/resume`]: () =>
        jsonResponse(200, { next: 'play', game_id: GAME_ID, route_slug: 'fori' }),
    });
    const router = renderPlayerPage(PATH, <SelectRoutePage />, '/acme/select-route');
    const section = await screen.findByRole('region', { name: 'Giochi Interrotti' });
    expect(within(section).getByText(PAUSED_GAME.route_title)).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Riprendi' }));
    await waitFor(() =>
      expect(router.state.location.pathname + router.state.location.search).toBe(
        `/acme/gioco/step?route=fori&game=${GAME_ID}`,
      ),
    );
    expect(requestsTo(api, 'POST', `/api/play/acme/games/${GAME_ID}/resume`)).toHaveLength(1);
  });

  it("shows no 'Giochi Interrotti' without interrupted games", async () => {
    openSelectRoute();
    await cardOf('Musei');
    expect(screen.queryByText('Giochi Interrotti')).toBeNull();
  });

  it('redirects to the start screen when no team is identified (401)', async () => {
    stubPlayApi({ 'GET /api/play/acme/routes': () => jsonResponse(200, { routes: ROUTES }) });
    const router = renderPlayerPage(PATH, <SelectRoutePage />, '/acme/select-route');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/start'));
  });

  it('redirects to the start screen when the team has not registered', async () => {
    stubPlayApi({
      'GET /api/play/acme/me': () => jsonResponse(200, profileOf({ registration: null })),
    });
    const router = renderPlayerPage(PATH, <SelectRoutePage />, '/acme/select-route');
    await waitFor(() => expect(router.state.location.pathname).toBe('/acme/start'));
  });
});
