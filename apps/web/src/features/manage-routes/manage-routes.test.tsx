import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, emptyResponse, errorResponse, jsonResponse, stubApi } from '../../test/stub-api';
import { sampleRoute } from '../../test/samples';
import { stubDialogs } from '../../test/stub-browser';
import {
  findCard,
  menuItem,
  listHandler,
  renderManageRoutes,
  ROUTES_URL,
} from '../../test/kits/manage-routes';

const ROUTES = [
  sampleRoute({
    id: 'r2',
    slug: 'notte-bianca',
    title: 'Notte Bianca',
    access_type: 'paid',
    is_free: false,
    route_type: 'exploration',
    is_active: false,
    image_url: '/files/route-images/t/r2.png',
    step_count: 1,
  }),
  sampleRoute(),
];

describe('ManageRoutes list', () => {
  it("shows 'Loading...' and then one card per route, newest first", async () => {
    stubApi(listHandler(ROUTES));
    renderManageRoutes();
    expect(screen.getByRole('heading', { level: 1, name: 'Routes' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Loading...');

    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Notte Bianca',
      'Roma Centro',
    ]);
    const roma = await findCard('Roma Centro');
    expect(roma.getByText('roma-centro')).toBeTruthy();
    expect(roma.getByText('Free')).toBeTruthy();
    expect(roma.getByText('Progressive')).toBeTruthy();
    expect(roma.getByText('3 tappe')).toBeTruthy();
    expect(roma.getByText('Nessuna immagine')).toBeTruthy();
    expect(roma.queryByText('Disabled')).toBeNull();
    expect(roma.getByRole('switch', { name: 'Enabled' })).toHaveProperty('checked', true);
  });

  it("marks a disabled route with the 'Disabled' badge and shows its image", async () => {
    stubApi(listHandler(ROUTES));
    renderManageRoutes();
    const notte = await findCard('Notte Bianca');
    expect(notte.getByText('Disabled')).toBeTruthy();
    expect(notte.getByText('Paid')).toBeTruthy();
    expect(notte.getByText('Exploration')).toBeTruthy();
    expect(notte.getByText('1 tappa')).toBeTruthy();
    const image = screen.getByRole('article', { name: 'Notte Bianca' }).querySelector('img');
    expect(image?.getAttribute('src')).toBe('/files/route-images/t/r2.png');
    expect(notte.getByRole('switch', { name: 'Enabled' })).toHaveProperty('checked', false);
  });

  it('shows the empty state', async () => {
    stubApi(listHandler([]));
    renderManageRoutes();
    expect(await screen.findByText('No routes yet. Import one to get started!')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it("shows the text of the server's code when the list fails", async () => {
    stubApi({ [`GET ${ROUTES_URL}`]: () => errorResponse('forbidden') });
    renderManageRoutes();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error loading routes: Accesso negato',
    );
  });

  it("links 'Steps' to the route's step editor", async () => {
    stubApi(listHandler(ROUTES));
    const router = renderManageRoutes();
    const roma = await findCard('Roma Centro');
    const link = roma.getByRole('link', { name: 'Steps' });
    expect(link.getAttribute('href')).toBe('/demo/routes/r1/steps');
    fireEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/demo/routes/r1/steps'));
  });
});

describe('ManageRoutes toggle and delete', () => {
  it('toggles a route with PATCH …/active and refreshes the list', async () => {
    const fetchMock = stubApi({
      ...listHandler(ROUTES),
      [`PATCH ${ROUTES_URL}/r1/active`]: () => jsonResponse(200, sampleRoute({ is_active: false })),
    });
    renderManageRoutes();
    fireEvent.click((await findCard('Roma Centro')).getByRole('switch', { name: 'Enabled' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET', ROUTES_URL)).toHaveLength(2));
    expect(callsTo(fetchMock, 'PATCH', `${ROUTES_URL}/r1/active`)).toEqual([{ is_active: false }]);
  });

  it("alerts 'Error updating route: {msg}' when the toggle fails", async () => {
    const { alert } = stubDialogs();
    stubApi({
      ...listHandler(ROUTES),
      [`PATCH ${ROUTES_URL}/r2/active`]: () => errorResponse('internal'),
    });
    renderManageRoutes();
    fireEvent.click((await findCard('Notte Bianca')).getByRole('switch', { name: 'Enabled' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Error updating route: Errore imprevisto'),
    );
  });

  it('asks before deleting and does nothing when declined', async () => {
    const { confirm } = stubDialogs(false);
    const fetchMock = stubApi(listHandler(ROUTES));
    renderManageRoutes();
    fireEvent.click(menuItem(await findCard('Roma Centro'), 'Delete'));
    expect(confirm).toHaveBeenCalledWith(
      'Are you sure you want to delete this route? This will also delete all steps.',
    );
    expect(callsTo(fetchMock, 'DELETE', `${ROUTES_URL}/r1`)).toHaveLength(0);
  });

  it('deletes after confirmation and refreshes the list', async () => {
    stubDialogs(true);
    let routes = ROUTES;
    const fetchMock = stubApi({
      [`GET ${ROUTES_URL}`]: () => jsonResponse(200, { routes }),
      [`DELETE ${ROUTES_URL}/r1`]: () => {
        routes = ROUTES.slice(0, 1);
        return emptyResponse();
      },
    });
    renderManageRoutes();
    fireEvent.click(menuItem(await findCard('Roma Centro'), 'Delete'));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Roma Centro' })).toBeNull());
    expect(callsTo(fetchMock, 'DELETE', `${ROUTES_URL}/r1`)).toHaveLength(1);
    expect(screen.getByRole('article', { name: 'Notte Bianca' })).toBeTruthy();
  });
});
