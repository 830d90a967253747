import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, errorResponse, jsonResponse, stubApi } from '../../test/stub-api';
import { sampleRoute } from '../../test/samples';
import { stubDialogs } from '../../test/stub-browser';
import {
  findCard,
  listHandler,
  renderManageRoutes,
  ROUTES_URL,
  TENANT,
} from '../../test/kits/manage-routes';
import { SAMPLE_TENANT } from '../../test/kits/superadmin-tenants';

/** Opens 'Create Route' once the list has loaded and returns the dialog. */
async function openCreate() {
  await screen.findByText('No routes yet. Import one to get started!');
  fireEvent.click(screen.getByRole('button', { name: 'Create Route' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Create Route' }));
  const fill = (label: string, value: string) =>
    fireEvent.change(dialog.getByLabelText(label), { target: { value } });
  return { dialog, fill };
}

describe('Create Route', () => {
  it('requires a title and sends nothing without one', async () => {
    const fetchMock = stubApi(listHandler([]));
    renderManageRoutes();
    const { dialog } = await openCreate();
    fireEvent.click(dialog.getByRole('button', { name: 'Create Route' }));
    expect(dialog.getByText('This field is required')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST', ROUTES_URL)).toHaveLength(0);
  });

  it('sends the defaults: free, progressive, geolocation on, slug and dates null', async () => {
    const fetchMock = stubApi({
      ...listHandler([]),
      [`POST ${ROUTES_URL}`]: () => jsonResponse(201, sampleRoute()),
    });
    renderManageRoutes();
    const { dialog, fill } = await openCreate();
    expect(dialog.getByRole('radio', { name: 'Free' })).toHaveProperty('checked', true);
    expect(dialog.getByRole('radio', { name: 'Progressive' })).toHaveProperty('checked', true);
    expect(dialog.getByRole('checkbox', { name: 'Geolocation enabled' })).toHaveProperty(
      'checked',
      true,
    );
    fill('Title', '  Giro di Città! ');
    expect(dialog.getByText('Slug: giro-di-citta')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Create Route' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, 'POST', ROUTES_URL)).toEqual([
      {
        title: 'Giro di Città!',
        slug: null,
        description: null,
        access_type: 'free',
        route_type: 'progressive',
        geolocation_enabled: true,
        time_limit_enabled: false,
        time_limit_hours: 0,
        time_limit_minutes: 0,
        date_start: null,
        date_end: null,
        hint_budget: null,
        event_start: null,
        event_end: null,
        location_sharing: false,
        location_purpose: null,
      },
    ]);
    expect(dialog.queryByLabelText(/^Perché/)).toBeNull();
  });

  it('sends the chosen options, a normalised slug, clamped time limit and ISO dates', async () => {
    const fetchMock = stubApi({
      ...listHandler([]),
      [`POST ${ROUTES_URL}`]: () => jsonResponse(201, sampleRoute()),
    });
    renderManageRoutes();
    const { dialog, fill } = await openCreate();
    fill('Title', 'Notte Bianca');
    fill('Slug', 'Notte Bianca 2025');
    expect(dialog.getByText('Slug: notte-bianca-2025')).toBeTruthy();
    fill('Description', 'Di notte');
    fireEvent.click(dialog.getByRole('radio', { name: 'Access code' }));
    fireEvent.click(dialog.getByRole('radio', { name: 'Exploration' }));
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Geolocation enabled' }));
    fireEvent.click(dialog.getByRole('checkbox', { name: 'Time limit' }));
    fill('Hours', 'abc');
    fill('Minutes', '75');
    fill('Start date and time', '2025-06-01T10:00');
    fireEvent.click(dialog.getByRole('button', { name: 'Create Route' }));

    await waitFor(() => expect(callsTo(fetchMock, 'POST', ROUTES_URL)).toHaveLength(1));
    const [body] = callsTo(fetchMock, 'POST', ROUTES_URL);
    expect(body).toMatchObject({
      title: 'Notte Bianca',
      slug: 'notte-bianca-2025',
      description: 'Di notte',
      access_type: 'code',
      route_type: 'exploration',
      geolocation_enabled: false,
      time_limit_enabled: true,
      time_limit_hours: 0,
      time_limit_minutes: 59,
      date_end: null,
    });
    const start = (body as { date_start: string }).date_start;
    // Typed on the tenant's clock (Rome, summer time), whatever the browser's.
    expect(start).toBe('2025-06-01T08:00:00.000Z');
  });

  it("sends the event's start and end, typed on the tenant's clock (decision 0085)", async () => {
    const fetchMock = stubApi({
      ...listHandler([]),
      [`POST ${ROUTES_URL}`]: () => jsonResponse(201, sampleRoute()),
    });
    renderManageRoutes();
    const { dialog, fill } = await openCreate();
    expect(
      dialog.getByText(
        "Tutte le squadre partono all'inizio e le partite aperte finiscono alla fine; possono scegliere il percorso anche prima.",
      ),
    ).toBeTruthy();
    fill('Title', 'Notte Bianca');
    fill('Inizio evento', '2026-06-01T21:00');
    fill('Fine evento', '2026-06-01T23:30');
    fireEvent.click(dialog.getByRole('button', { name: 'Create Route' }));

    await waitFor(() => expect(callsTo(fetchMock, 'POST', ROUTES_URL)).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', ROUTES_URL)[0]).toMatchObject({
      event_start: '2026-06-01T19:00:00.000Z',
      event_end: '2026-06-01T21:30:00.000Z',
    });
  });

  it("asks teams for their position with its purpose, and says the tenant's retention (decision 0086)", async () => {
    const fetchMock = stubApi({
      ...listHandler([]),
      [`GET /api/tenants/${TENANT}/brand`]: () =>
        jsonResponse(200, { ...SAMPLE_TENANT, location_retention_days: 14 }),
      [`POST ${ROUTES_URL}`]: () => jsonResponse(201, sampleRoute()),
    });
    renderManageRoutes();
    const { dialog, fill } = await openCreate();
    fill('Title', 'Notte Bianca');
    fireEvent.click(
      dialog.getByRole('checkbox', { name: 'Chiedi alle squadre di condividere la posizione' }),
    );
    const purpose = dialog.getByLabelText('Perché (lo leggono le squadre prima di scegliere)');
    expect(purpose).toHaveProperty('maxLength', 500);
    expect(
      await dialog.findByText('Le posizioni sono conservate per 14 giorni, poi cancellate.'),
    ).toBeTruthy();
    expect(purpose.getAttribute('aria-describedby')).toBeTruthy();
    fill('Perché (lo leggono le squadre prima di scegliere)', '  Per mandarvi aiuto se serve  ');
    expect(dialog.queryByText(/\/500$/)).toBeNull();
    fill('Perché (lo leggono le squadre prima di scegliere)', 'x'.repeat(400));
    expect(dialog.getByText('400/500')).toBeTruthy();
    fill('Perché (lo leggono le squadre prima di scegliere)', '  Per mandarvi aiuto se serve  ');
    fireEvent.click(dialog.getByRole('button', { name: 'Create Route' }));

    await waitFor(() => expect(callsTo(fetchMock, 'POST', ROUTES_URL)).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', ROUTES_URL)[0]).toMatchObject({
      location_sharing: true,
      location_purpose: 'Per mandarvi aiuto se serve',
    });
  });

  it('names the setting while the retention cannot be read, and an hour for 0 days', async () => {
    let days: number | null = null;
    stubApi({
      ...listHandler([]),
      [`GET /api/tenants/${TENANT}/brand`]: () =>
        days === null
          ? errorResponse('forbidden')
          : jsonResponse(200, { ...SAMPLE_TENANT, location_retention_days: days }),
    });
    renderManageRoutes();
    const { dialog } = await openCreate();
    const box = dialog.getByRole('checkbox', {
      name: 'Chiedi alle squadre di condividere la posizione',
    });
    fireEvent.click(box);
    expect(
      dialog.getByText(
        'Le posizioni sono conservate per i giorni scelti nelle impostazioni del tenant.',
      ),
    ).toBeTruthy();
    days = 0;
    fireEvent.click(box);
    fireEvent.click(box);
    expect(await dialog.findByText("Le posizioni sono cancellate entro un'ora.")).toBeTruthy();
  });

  it('refuses an event that ends before it starts, and sends nothing', async () => {
    const fetchMock = stubApi(listHandler([]));
    renderManageRoutes();
    const { dialog, fill } = await openCreate();
    fill('Title', 'Notte Bianca');
    fill('Inizio evento', '2026-06-01T21:00');
    fill('Fine evento', '2026-06-01T20:59');
    fireEvent.click(dialog.getByRole('button', { name: 'Create Route' }));
    expect(dialog.getByText("La fine dell'evento deve venire dopo l'inizio")).toBeTruthy();
    expect(dialog.getByLabelText('Fine evento').getAttribute('aria-invalid')).toBe('true');
    expect(callsTo(fetchMock, 'POST', ROUTES_URL)).toHaveLength(0);

    // Moved after the start, the form goes.
    fill('Fine evento', '2026-06-01T21:01');
    expect(dialog.queryByText("La fine dell'evento deve venire dopo l'inizio")).toBeNull();
  });

  it("alerts the server's 'event_times_invalid' in words", async () => {
    const { alert } = stubDialogs();
    stubApi({
      ...listHandler([]),
      [`POST ${ROUTES_URL}`]: () => errorResponse('event_times_invalid'),
    });
    renderManageRoutes();
    const { dialog, fill } = await openCreate();
    fill('Title', 'Roma');
    fireEvent.click(dialog.getByRole('button', { name: 'Create Route' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        "Error creating route: La fine dell'evento deve venire dopo l'inizio",
      ),
    );
  });

  it("alerts 'Error creating route: {msg}' and keeps the dialog open", async () => {
    const { alert } = stubDialogs();
    stubApi({
      ...listHandler([]),
      [`POST ${ROUTES_URL}`]: () => errorResponse('route_slug_taken', { slug: 'roma' }),
    });
    renderManageRoutes();
    const { dialog, fill } = await openCreate();
    fill('Title', 'Roma');
    fireEvent.click(dialog.getByRole('button', { name: 'Create Route' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith(
        'Error creating route: Esiste già una route con lo slug "roma"',
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Create Route' })).toBeTruthy();
  });
});

describe('Edit Route', () => {
  const route = sampleRoute({
    access_type: 'paid',
    time_limit_enabled: true,
    time_limit_hours: 2,
    time_limit_minutes: 30,
    date_start: '2025-06-01T07:30:00.000Z',
    event_start: '2025-06-07T18:00:00.000Z',
    event_end: '2025-06-07T21:00:00.000Z',
  });

  async function openEdit() {
    fireEvent.click((await findCard('Roma Centro')).getByRole('button', { name: 'Edit' }));
    return within(screen.getByRole('dialog', { name: 'Edit Route' }));
  }

  it("starts from the route's values and requires the slug", async () => {
    const fetchMock = stubApi(listHandler([route]));
    renderManageRoutes();
    const dialog = await openEdit();
    expect(dialog.getByLabelText('Title')).toHaveProperty('value', 'Roma Centro');
    expect(dialog.getByRole('radio', { name: 'Paid' })).toHaveProperty('checked', true);
    expect(dialog.getByLabelText('Hours')).toHaveProperty('value', '2');
    expect(dialog.getByLabelText('Start date and time')).toHaveProperty(
      'value',
      '2025-06-01T09:30',
    );
    expect(dialog.getByLabelText('Inizio evento')).toHaveProperty('value', '2025-06-07T20:00');
    expect(dialog.getByLabelText('Fine evento')).toHaveProperty('value', '2025-06-07T23:00');

    fireEvent.change(dialog.getByLabelText('Slug'), { target: { value: '  ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText('This field is required')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', `${ROUTES_URL}/r1`)).toHaveLength(0);
  });

  it("starts from a sharing route's purpose and sends it back unchanged", async () => {
    const sharing = sampleRoute({ location_sharing: true, location_purpose: 'Sicurezza' });
    const fetchMock = stubApi({
      ...listHandler([sharing]),
      [`PUT ${ROUTES_URL}/r1`]: () => jsonResponse(200, sharing),
    });
    renderManageRoutes();
    const dialog = await openEdit();
    expect(
      dialog.getByRole('checkbox', { name: 'Chiedi alle squadre di condividere la posizione' }),
    ).toHaveProperty('checked', true);
    expect(dialog.getByLabelText(/^Perché/)).toHaveProperty('value', 'Sicurezza');
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(fetchMock, 'PUT', `${ROUTES_URL}/r1`)).toHaveLength(1));
    expect(callsTo(fetchMock, 'PUT', `${ROUTES_URL}/r1`)[0]).toMatchObject({
      location_sharing: true,
      location_purpose: 'Sicurezza',
    });
  });

  it('saves with PUT and alerts "Error updating route: {msg}" on failure', async () => {
    const { alert } = stubDialogs();
    const fetchMock = stubApi({
      ...listHandler([route]),
      [`PUT ${ROUTES_URL}/r1`]: () => errorResponse('validation_failed', { fields: 'date_end' }),
    });
    renderManageRoutes();
    const dialog = await openEdit();
    fireEvent.change(dialog.getByLabelText('Title'), { target: { value: 'Roma Antica' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Error updating route: Dati non validi: date_end'),
    );
    expect(callsTo(fetchMock, 'PUT', `${ROUTES_URL}/r1`)).toEqual([
      expect.objectContaining({
        title: 'Roma Antica',
        slug: 'roma-centro',
        description: 'Un giro nel centro',
        access_type: 'paid',
        time_limit_hours: 2,
        time_limit_minutes: 30,
      }),
    ]);
  });
});
