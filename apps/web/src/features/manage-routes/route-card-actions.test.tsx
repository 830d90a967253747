import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { readFileText } from '../../lib/read-file';
import { sampleRoute } from '../../test/samples';
import { callsTo, errorResponse, jsonResponse, stubApi } from '../../test/stub-api';
import { stubDialogs, stubDownloads } from '../../test/stub-browser';
import {
  findCard,
  menuItem,
  listHandler,
  renderManageRoutes,
  ROUTES_URL,
} from '../../test/kits/manage-routes';

const ROUTE = sampleRoute();

describe('Export JSON', () => {
  it('downloads the export pretty-printed as {slug}.json', async () => {
    const downloads = stubDownloads();
    const document = { id: 'roma-centro', title: 'Roma Centro', steps: [] };
    stubApi({
      ...listHandler([ROUTE]),
      [`GET ${ROUTES_URL}/r1/export`]: () => jsonResponse(200, document),
    });
    renderManageRoutes();
    fireEvent.click(menuItem(await findCard('Roma Centro'), 'Export JSON'));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.name).toBe('roma-centro.json');
    const blob = downloads[0]?.blob ?? new Blob();
    expect(await readFileText(blob)).toBe(JSON.stringify(document, null, 2));
  });
});

describe('Duplica', () => {
  const url = `${ROUTES_URL}/r1/duplicate`;
  const COPY = sampleRoute({
    id: 'r2',
    slug: 'roma-centro-copia',
    title: 'Roma Centro (copia)',
    is_active: false,
  });

  it('sends the copy, shows it in the list and says so; once while it is written', async () => {
    const { alert } = stubDialogs();
    let listed = [ROUTE];
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubApi({
      [`GET ${ROUTES_URL}`]: () => jsonResponse(200, { routes: listed }),
      [`POST ${url}`]: () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderManageRoutes();
    const card = await findCard('Roma Centro');
    fireEvent.click(menuItem(card, 'Duplica'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', url)).toHaveLength(1));

    // While the copy is written its entry waits: choosing it again sends nothing.
    const waiting = menuItem(card, 'Duplica');
    expect(waiting.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(waiting);
    expect(callsTo(fetchMock, 'POST', url)).toHaveLength(1);

    listed = [COPY, ROUTE];
    answer(jsonResponse(201, COPY));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Percorso duplicato: Roma Centro (copia)'),
    );
    expect(await findCard('Roma Centro (copia)')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', url)).toHaveLength(1);
  });

  it('says why when the copy fails', async () => {
    const { alert } = stubDialogs();
    stubApi({
      ...listHandler([ROUTE]),
      [`POST ${url}`]: () => errorResponse('route_not_found'),
    });
    renderManageRoutes();
    fireEvent.click(menuItem(await findCard('Roma Centro'), 'Duplica'));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'Errore durante la duplicazione del percorso: Percorso non trovato',
      ),
    );
  });
});

describe('Scoreboard', () => {
  it('downloads the CSV as {tenant}-{route}-scoreboard-YYYY-MM-DD.csv (local date)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2025, 6, 4, 23, 30));
    const downloads = stubDownloads();
    const csv = '\uFEFFTeam Name,Email,Score,Progress,Total Steps,Last Seen\r\n';
    const fetchMock = stubApi({
      ...listHandler([ROUTE]),
      [`GET ${ROUTES_URL}/r1/scoreboard.csv`]: () =>
        new Response(csv, { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    });
    renderManageRoutes();
    const card = await findCard('Roma Centro');
    fireEvent.click(menuItem(card, 'Export Scoreboard CSV'));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0]?.name).toBe('demo-roma-centro-scoreboard-2025-07-04.csv');
    expect(downloads[0]?.blob.size).toBe(new TextEncoder().encode(csv).length);
    expect(fetchMock.mock.calls.at(-1)?.[1]?.credentials).toBe('include');
  });

  it("alerts 'No scoreboard data to export for this route' when it is empty", async () => {
    const { alert } = stubDialogs();
    const downloads = stubDownloads();
    const message = 'No scoreboard data to export for this route';
    stubApi({
      ...listHandler([ROUTE]),
      [`GET ${ROUTES_URL}/r1/scoreboard.csv`]: () => errorResponse('scoreboard_empty'),
    });
    renderManageRoutes();
    const card = await findCard('Roma Centro');
    fireEvent.click(menuItem(card, 'Export Scoreboard CSV'));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(message));
    expect(downloads).toHaveLength(0);
  });

  it('resets only after confirmation and alerts the success', async () => {
    const { alert, confirm } = stubDialogs(false);
    const url = `${ROUTES_URL}/r1/scoreboard`;
    const fetchMock = stubApi({
      ...listHandler([ROUTE]),
      [`DELETE ${url}`]: () => jsonResponse(200, { entries_affected: 4 }),
    });
    renderManageRoutes();
    const card = await findCard('Roma Centro');
    fireEvent.click(menuItem(card, 'Reset Scoreboard'));
    expect(confirm).toHaveBeenCalledWith(
      'Reset the scoreboard of "Roma Centro"? All team scores and progress of this route will be deleted.',
    );
    expect(callsTo(fetchMock, 'DELETE', url)).toHaveLength(0);

    confirm.mockResolvedValue(true);
    fireEvent.click(menuItem(card, 'Reset Scoreboard'));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Scoreboard reset successfully!'));
    expect(callsTo(fetchMock, 'DELETE', url)).toHaveLength(1);
  });

  it("alerts 'Error resetting scoreboard: {msg}' on failure", async () => {
    const { alert } = stubDialogs(true);
    stubApi({
      ...listHandler([ROUTE]),
      [`DELETE ${ROUTES_URL}/r1/scoreboard`]: () => errorResponse('route_not_found'),
    });
    renderManageRoutes();
    const card = await findCard('Roma Centro');
    fireEvent.click(menuItem(card, 'Reset Scoreboard'));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Error resetting scoreboard: Percorso non trovato'),
    );
  });
});

describe('Upload image', () => {
  const png = new File(['png-bytes'], 'cover.png', { type: 'image/png' });

  it('enables the button once a file is chosen and sends it as multipart `image`', async () => {
    const { alert } = stubDialogs();
    const url = `${ROUTES_URL}/r1/image`;
    const fetchMock = stubApi({
      ...listHandler([ROUTE]),
      [`POST ${url}`]: () => jsonResponse(200, sampleRoute({ image_url: '/files/x.png' })),
    });
    renderManageRoutes();
    fireEvent.click(menuItem(await findCard('Roma Centro'), 'Upload Image'));
    const dialog = within(screen.getByRole('dialog', { name: 'Immagine: Roma Centro' }));
    const input = dialog.getByLabelText('Route image');
    const button = dialog.getByRole('button', { name: 'Upload Image' });
    expect(input.getAttribute('accept')).toBe('image/png,image/webp,image/jpeg');
    expect(button).toHaveProperty('disabled', true);

    fireEvent.change(input, { target: { files: [png] } });
    expect(button).toHaveProperty('disabled', false);
    fireEvent.click(button);
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Image uploaded successfully!'));
    const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    const body = call?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect(body instanceof FormData ? body.get('image') : null).toBe(png);
    expect(dialog.getByRole('button', { name: 'Upload Image' })).toHaveProperty('disabled', true);
  });

  it("alerts 'Error uploading image: {msg}' on failure", async () => {
    const { alert } = stubDialogs();
    stubApi({
      ...listHandler([ROUTE]),
      [`POST ${ROUTES_URL}/r1/image`]: () =>
        errorResponse('image_type_refused', { field: 'route_image', allowed: 'png, webp, jpeg' }),
    });
    renderManageRoutes();
    fireEvent.click(menuItem(await findCard('Roma Centro'), 'Upload Image'));
    const dialog = within(screen.getByRole('dialog', { name: 'Immagine: Roma Centro' }));
    fireEvent.change(dialog.getByLabelText('Route image'), { target: { files: [png] } });
    fireEvent.click(dialog.getByRole('button', { name: 'Upload Image' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        "Error uploading image: Immagine della route: il file deve essere un'immagine (png, webp, jpeg)",
      ),
    );
  });
});
