import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, errorResponse, jsonResponse, stubApi } from '../../test/stub-api';
import { sampleRoute } from '../../test/samples';
import {
  findCard,
  listHandler,
  menuItem,
  renderManageRoutes,
  ROUTES_URL,
} from '../../test/kits/manage-routes';

const SAMPLE_URL = `${ROUTES_URL}/sample`;
const SAMPLE = sampleRoute({
  id: 's1',
  slug: 'roma-centro-storico',
  title: 'Roma: il cuore del centro storico',
  step_count: 6,
});

describe('the first route', () => {
  it('offers the Create Route form and the sample route on an empty list', async () => {
    let routes: (typeof SAMPLE)[] = [];
    const fetchMock = stubApi({
      [`GET ${ROUTES_URL}`]: () => jsonResponse(200, { routes }),
      [`POST ${SAMPLE_URL}`]: () => {
        routes = [SAMPLE];
        return jsonResponse(201, { route: SAMPLE, created: true });
      },
    });
    renderManageRoutes();
    const empty = within(await screen.findByRole('region', { name: 'Il primo percorso' }));
    expect(empty.getByText('No routes yet. Import one to get started!')).toBeTruthy();

    fireEvent.click(empty.getByRole('button', { name: 'Crea il primo percorso' }));
    const form = screen.getByRole('dialog', { name: 'Create Route' });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(empty.getByRole('button', { name: 'Importa il percorso di esempio' }));
    expect(await screen.findByText('Route imported successfully!')).toBeTruthy();
    const card = await findCard('Roma: il cuore del centro storico');
    expect(card.getByText('6 tappe')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', SAMPLE_URL)).toHaveLength(1);
    expect(screen.queryByRole('region', { name: 'Il primo percorso' })).toBeNull();
  });

  it('says why the sample could not be imported, and keeps the empty state', async () => {
    stubApi({ ...listHandler([]), [`POST ${SAMPLE_URL}`]: () => errorResponse('forbidden') });
    renderManageRoutes();
    fireEvent.click(await screen.findByRole('button', { name: 'Importa il percorso di esempio' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Errore durante l'importazione del percorso di esempio: Accesso negato",
    );
    expect(screen.getByRole('button', { name: 'Crea il primo percorso' })).toBeTruthy();
  });
});

describe('a route card', () => {
  const PAID = sampleRoute({ id: 'r2', slug: 'notte', title: 'Notte', access_type: 'paid' });

  it('shows three actions, and the others in the menu of Altre azioni', async () => {
    stubApi(listHandler([PAID, sampleRoute()]));
    renderManageRoutes();
    const roma = await findCard('Roma Centro');
    expect(roma.getByRole('link', { name: 'Steps' }).getAttribute('href')).toBe(
      '/demo/routes/r1/steps',
    );
    expect(roma.getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(roma.getByRole('link', { name: 'Scoreboard' }).getAttribute('href')).toBe(
      '/demo/scoreboard?route=roma-centro',
    );
    menuItem(roma, 'Export JSON');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Gestione Listini',
      'Duplica',
      'Modifica JSON',
      'Importa JSON per sostituire',
      'Export JSON',
      'Upload Image',
      'Export Scoreboard CSV',
      'Reset Scoreboard',
      'Delete',
    ]);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });

    // A paid route adds its payments and its access codes.
    const codes = menuItem(await findCard('Notte'), 'Codici Accesso');
    expect(codes.getAttribute('href')).toBe('/demo/access-codes?route=r2');
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toContain('Pagamenti');
  });
});
