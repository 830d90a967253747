import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render-in-router';
import { callsTo, errorResponse, jsonResponse, stubApi } from '../../test/stub-api';
import { TenantRouteTools } from './tenant-route-tools';
import { dialogs } from '../../lib/dialogs';

const BASE = '/api/tenants/acme';
const ROUTE = {
  id: 'r1',
  slug: 'roma-centro',
  title: 'Roma centro',
  is_active: false,
  step_count: 6,
};
const EXPORTED = { id: 'roma-centro', title: 'Roma centro', steps: [] };

function renderTools() {
  renderWithProviders(<TenantRouteTools tenant={{ slug: 'acme', name: 'Acme' }} />);
}

const dialog = (name: string) => screen.getByRole('dialog', { name });

describe('TenantRouteTools: import route', () => {
  it("posts the JSON text and shows 'Route importata con successo!'", async () => {
    const fetchMock = stubApi({
      [`POST ${BASE}/routes/import`]: () => jsonResponse(201, { route: ROUTE, created: true }),
    });
    renderTools();
    fireEvent.click(screen.getByRole('button', { name: 'Import route into Acme' }));
    const modal = dialog('Import route: Acme');
    const importButton = within(modal).getByRole('button', { name: 'Import' });
    expect(importButton).toHaveProperty('disabled', true);
    fireEvent.change(within(modal).getByLabelText('Route JSON'), {
      target: { value: '{"id":"x"}' },
    });
    fireEvent.click(importButton);
    expect(await screen.findByText('Route importata con successo!')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, 'POST', `${BASE}/routes/import`)).toEqual([{ json: '{"id":"x"}' }]);
  });

  it("shows the spec's text of the route JSON issue in a red banner and keeps the dialog open", async () => {
    const message = 'Il JSON deve contenere un campo "id" per lo slug della route';
    stubApi({
      [`POST ${BASE}/routes/import`]: () =>
        errorResponse('route_json_invalid', { issue: 'id_missing' }),
    });
    renderTools();
    fireEvent.click(screen.getByRole('button', { name: 'Import route into Acme' }));
    const modal = dialog('Import route: Acme');
    fireEvent.change(within(modal).getByLabelText('Route JSON'), { target: { value: '{}' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Import' }));
    expect((await within(modal).findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByText('Route importata con successo!')).toBeNull();
  });

  it('fills the text area from a .json file', async () => {
    stubApi();
    renderTools();
    fireEvent.click(screen.getByRole('button', { name: 'Import route into Acme' }));
    const modal = dialog('Import route: Acme');
    const file = new File(['{"id":"from-file"}'], 'route.json', { type: 'application/json' });
    fireEvent.change(within(modal).getByLabelText('Load a .json file'), {
      target: { files: [file] },
    });
    await waitFor(() =>
      expect(within(modal).getByLabelText('Route JSON')).toHaveProperty(
        'value',
        '{"id":"from-file"}',
      ),
    );
  });
});

describe('TenantRouteTools: daily reset', () => {
  it('asks first, then shows how many entries were reset', async () => {
    const fetchMock = stubApi({
      [`POST ${BASE}/scoreboard/daily-reset`]: () => jsonResponse(200, { entries_affected: 7 }),
    });
    const confirm = vi.spyOn(dialogs, 'confirm').mockResolvedValue(true);
    renderTools();
    fireEvent.click(screen.getByRole('button', { name: 'Reset daily scoreboard of Acme' }));
    expect(confirm).toHaveBeenCalledWith('Reset today\'s scoreboard of "Acme"?');
    expect(
      await screen.findByText('Reset completato con successo! 7 entry resettate.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', `${BASE}/scoreboard/daily-reset`)).toHaveLength(1);
  });

  it('does nothing when the confirmation is refused', () => {
    const fetchMock = stubApi();
    vi.spyOn(dialogs, 'confirm').mockResolvedValue(false);
    renderTools();
    fireEvent.click(screen.getByRole('button', { name: 'Reset daily scoreboard of Acme' }));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows 'Errore durante il reset' when it fails", async () => {
    stubApi({ [`POST ${BASE}/scoreboard/daily-reset`]: () => errorResponse('internal') });
    vi.spyOn(dialogs, 'confirm').mockResolvedValue(true);
    renderTools();
    fireEvent.click(screen.getByRole('button', { name: 'Reset daily scoreboard of Acme' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Errore durante il reset');
  });
});

describe('TenantRouteTools: manage routes', () => {
  it("says 'Nessuna route trovata per questo tenant' when the tenant has none", async () => {
    stubApi({ [`GET ${BASE}/routes`]: () => jsonResponse(200, { routes: [] }) });
    renderTools();
    fireEvent.click(screen.getByRole('button', { name: 'Manage routes of Acme' }));
    const modal = dialog('Routes: Acme');
    expect(await within(modal).findByText('Nessuna route trovata per questo tenant')).toBeTruthy();
  });

  it('edits a route as JSON prefilled from its export and saves it with PUT', async () => {
    const fetchMock = stubApi({
      [`GET ${BASE}/routes`]: () => jsonResponse(200, { routes: [ROUTE] }),
      [`GET ${BASE}/routes/r1/export`]: () => jsonResponse(200, EXPORTED),
      [`PUT ${BASE}/routes/r1/json`]: () => jsonResponse(200, { route: ROUTE, created: false }),
    });
    renderTools();
    fireEvent.click(screen.getByRole('button', { name: 'Manage routes of Acme' }));
    const modal = dialog('Routes: Acme');
    expect(await within(modal).findByText('Roma centro')).toBeTruthy();
    expect(within(modal).getByText('Steps: 6')).toBeTruthy();
    expect(within(modal).getByText('Disabled')).toBeTruthy();
    fireEvent.click(within(modal).getByRole('button', { name: 'Modifica JSON: Roma centro' }));

    const editor = dialog('Modifica JSON: Roma centro');
    const text = await within(editor).findByLabelText('Route JSON');
    expect(text).toHaveProperty('value', JSON.stringify(EXPORTED, null, 2));
    fireEvent.change(text, { target: { value: '{"id":"roma-centro","title":"Nuovo"}' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Route aggiornata con successo!')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Routes: Acme' })).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', `${BASE}/routes/r1/json`)).toEqual([
      { json: '{"id":"roma-centro","title":"Nuovo"}' },
    ]);
  });

  it('downloads the export as {slug}.json', async () => {
    stubApi({
      [`GET ${BASE}/routes`]: () => jsonResponse(200, { routes: [ROUTE] }),
      [`GET ${BASE}/routes/r1/export`]: () => jsonResponse(200, EXPORTED),
    });
    const createObjectURL = vi.fn(() => 'blob:route');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderTools();
    fireEvent.click(screen.getByRole('button', { name: 'Manage routes of Acme' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Export JSON: Roma centro' }));
    await waitFor(() => expect(clicked).toEqual(['roma-centro.json']));
    expect(createObjectURL).toHaveBeenCalledOnce();
  });
});
