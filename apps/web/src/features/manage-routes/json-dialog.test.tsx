import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, errorResponse, jsonResponse, stubApi } from '../../test/stub-api';
import { sampleRoute } from '../../test/samples';
import {
  findCard,
  menuItem,
  listHandler,
  renderManageRoutes,
  ROUTES_URL,
} from '../../test/kits/manage-routes';

const IMPORT_URL = `${ROUTES_URL}/import`;
const JSON_URL = `${ROUTES_URL}/r1/json`;
const DOCUMENT = {
  id: 'roma-centro',
  title: 'Roma Centro',
  steps: [{ ord: 1, place: 'Colosseo' }],
};

/** Opens 'Import Route JSON' once the list has loaded and returns the dialog. */
async function openImport() {
  await screen.findByText('No routes yet. Import one to get started!');
  fireEvent.click(screen.getByRole('button', { name: 'Import Route JSON' }));
  return within(screen.getByRole('dialog', { name: 'Import Route JSON' }));
}

describe('Import Route JSON', () => {
  it.each([
    [true, 'Route imported successfully!'],
    [false, 'Route aggiornata con successo!'],
  ])('created=%s shows %j, closes and refreshes the list', async (created, message) => {
    const fetchMock = stubApi({
      ...listHandler([]),
      [`POST ${IMPORT_URL}`]: () => jsonResponse(201, { route: sampleRoute(), created }),
    });
    renderManageRoutes();
    const dialog = await openImport();
    const submit = dialog.getByRole('button', { name: 'Import' });
    expect(submit).toHaveProperty('disabled', true);
    const text = '{"id":"roma-centro"}';
    fireEvent.change(dialog.getByLabelText('JSON della route'), { target: { value: text } });
    fireEvent.click(submit);

    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, 'POST', IMPORT_URL)).toEqual([{ json: text }]);
    expect(callsTo(fetchMock, 'GET', ROUTES_URL)).toHaveLength(2);
  });

  it("shows the spec's text of the route JSON issue in the red banner and stays open", async () => {
    const message = 'Il JSON deve contenere un array "steps"';
    stubApi({
      ...listHandler([]),
      [`POST ${IMPORT_URL}`]: () => errorResponse('route_json_invalid', { issue: 'steps_missing' }),
    });
    renderManageRoutes();
    const dialog = await openImport();
    fireEvent.change(dialog.getByLabelText('JSON della route'), {
      target: { value: '{"id":"x","title":"X"}' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Import' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(message);
    expect(screen.getByRole('dialog', { name: 'Import Route JSON' })).toBeTruthy();
  });

  it('loads a picked .json file into the textarea', async () => {
    stubApi(listHandler([]));
    renderManageRoutes();
    const dialog = await openImport();
    const picker = dialog.getByLabelText('Carica un file .json');
    expect(picker.getAttribute('accept')).toBe('.json,application/json');
    const file = new File([JSON.stringify(DOCUMENT)], 'roma.json', { type: 'application/json' });
    fireEvent.change(picker, { target: { files: [file] } });
    await waitFor(() =>
      expect(dialog.getByLabelText('JSON della route')).toHaveProperty(
        'value',
        JSON.stringify(DOCUMENT),
      ),
    );
  });
});

describe('Modifica JSON and Importa JSON per sostituire', () => {
  it("prefills 'Modifica JSON: {title}' with the export and saves it with PUT …/json", async () => {
    const fetchMock = stubApi({
      ...listHandler([sampleRoute()]),
      [`GET ${ROUTES_URL}/r1/export`]: () => jsonResponse(200, DOCUMENT),
      [`PUT ${JSON_URL}`]: () => jsonResponse(200, { route: sampleRoute(), created: false }),
    });
    renderManageRoutes();
    fireEvent.click(menuItem(await findCard('Roma Centro'), 'Modifica JSON'));
    const dialog = within(screen.getByRole('dialog', { name: 'Modifica JSON: Roma Centro' }));
    expect(dialog.getByRole('status').textContent).toBe('Loading...');
    const editor = await dialog.findByLabelText('JSON della route');
    expect(editor).toHaveProperty('value', JSON.stringify(DOCUMENT, null, 2));
    expect(dialog.queryByLabelText('Carica un file .json')).toBeNull();

    const edited = JSON.stringify({ ...DOCUMENT, title: 'Roma Antica' });
    fireEvent.change(editor, { target: { value: edited } });
    fireEvent.click(dialog.getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Route aggiornata con successo!')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', JSON_URL)).toEqual([{ json: edited }]);
  });

  it("replaces from 'Importa JSON per sostituire: {title}' starting empty", async () => {
    const fetchMock = stubApi({
      ...listHandler([sampleRoute()]),
      [`PUT ${JSON_URL}`]: () => jsonResponse(200, { route: sampleRoute(), created: false }),
    });
    renderManageRoutes();
    const card = await findCard('Roma Centro');
    fireEvent.click(menuItem(card, 'Importa JSON per sostituire'));
    const dialog = within(
      screen.getByRole('dialog', { name: 'Importa JSON per sostituire: Roma Centro' }),
    );
    expect(dialog.getByLabelText('JSON della route')).toHaveProperty('value', '');
    expect(dialog.getByLabelText('Carica un file .json')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('JSON della route'), { target: { value: '{}' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Sostituisci' }));
    expect(await screen.findByText('Route aggiornata con successo!')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', JSON_URL)).toEqual([{ json: '{}' }]);
  });

  it('closes on Escape', async () => {
    stubApi(listHandler([]));
    renderManageRoutes();
    await openImport();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
