import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, errorResponse, jsonResponse, stubApi } from '../../test/stub-api';
import {
  click,
  fill,
  form,
  listItems,
  renderEditor,
  STEPS_URL,
  stubSteps,
} from '../../test/kits/step-editor';
import { dialogs } from '../../lib/dialogs';

// Leaflet does not render in jsdom: a stand-in shows the pins and fires the map's callbacks.
vi.mock('./step-map', async () => ({ StepMap: (await import('./map-stub')).MapStub }));

describe('StepEditor', () => {
  it('loads the steps with title, links, numbered list, pins and total distance', async () => {
    stubSteps();
    renderEditor();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Steps: Roma centro' }),
    ).toBeTruthy();
    expect(listItems()).toEqual(['1TreviText', '2PantheonChoice', '3NavonaQR code']);
    expect(screen.getByRole('link', { name: '← Routes' }).getAttribute('href')).toBe(
      '/demo/routes',
    );
    expect(screen.getByRole('link', { name: 'QR sheet' }).getAttribute('href')).toBe(
      '/demo/routes/r1/qr-sheet',
    );
    expect(screen.getByTestId('pins').textContent).toBe('1,2,3');
    expect(screen.getByText('Total distance: 0,91 km')).toBeTruthy();
    expect(screen.getByText(/Select a step in the list/)).toBeTruthy();
  });

  it('shows a loaded step in the form: single choice answer, orientation, media, scoring in seconds', async () => {
    stubSteps();
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: /Pantheon/ }));
    expect(within(form()).getByLabelText('Correct answer')).toHaveProperty('value', '1');
    expect(within(form()).getByLabelText('Choice 3')).toHaveProperty('value', 'Nerone');
    click(/Navona/);
    expect(within(form()).getByLabelText('Answer')).toHaveProperty('value', 'TAPPA-NAVONA');
    expect(within(form()).getByLabelText('Orientation')).toHaveProperty('value', 'est');
    expect(within(form()).getByLabelText('Media 1: Caption')).toHaveProperty('value', 'Fontana');
    expect(
      within(form())
        .getByRole('button', { name: /Scoring/ })
        .getAttribute('aria-expanded'),
    ).toBe('true');
    expect(within(form()).getByLabelText('Time limit (s)')).toHaveProperty('value', '60');
    expect(screen.getByTestId('pins').textContent).toBe('1,2,3*');
    fill('Check type', 'photo');
    expect(within(form()).queryByLabelText('Answer')).toBeNull();
    expect(within(form()).getByText(/there is no answer to check/)).toBeTruthy();
  });

  it('offers staff review on text and photo steps; a text step under review needs no answer', async () => {
    const fetchMock = stubSteps(() => jsonResponse(200, { steps: [] }));
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: /Pantheon/ }));
    expect(within(form()).queryByLabelText('Revisione')).toBeNull();
    click(/Trevi/);
    expect(within(form()).getByLabelText('Revisione')).toHaveProperty('value', 'auto');
    fill('Revisione', 'staff');
    expect(within(form()).getByText(/i punti restano provvisori/)).toBeTruthy();
    fill('Risposta (facoltativa: un esempio per lo staff)', '');
    click('Save');
    expect(await screen.findByText('Steps saved')).toBeTruthy();
    const [body] = callsTo(fetchMock, 'PUT', STEPS_URL) as { steps: { review: string }[] }[];
    expect(body?.steps.map((step) => step.review)).toEqual(['staff', 'auto', 'auto']);
  });

  it('warns that a QR answer with letters must be typed exactly, takes other answers and the tolerant switch', async () => {
    const fetchMock = stubSteps(() => jsonResponse(200, { steps: [] }));
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: /Navona/ }));
    const relaxed = within(form()).getByLabelText('Ignora maiuscole e accenti');
    expect(relaxed).toHaveProperty('checked', false);
    expect(within(form()).getByRole('note').textContent).toBe(
      'I giocatori dovranno scrivere esattamente TAPPA-NAVONA',
    );
    fill('Altre risposte accettate', ' Navona \n\nPIAZZA NAVONA');
    fireEvent.click(relaxed);
    expect(within(form()).queryByRole('note')).toBeNull();
    // A text step ignores case by the spec's rule, not accents: the switch shows neither, says
    // so, and is left unset.
    click(/Trevi/);
    const specRule = within(form()).getByLabelText('Ignora maiuscole e accenti');
    expect(specRule).toHaveProperty('checked', false);
    expect(specRule).toHaveProperty('indeterminate', true);
    expect(specRule.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      within(form()).getByText('Ora vale la regola predefinita: maiuscole ignorate, accenti no.'),
    ).toBeTruthy();
    expect(within(form()).queryByRole('note')).toBeNull();
    fill('Answer', '1762a');
    expect(within(form()).queryByRole('note')).toBeNull();
    click('Save');
    expect(await screen.findByText('Steps saved')).toBeTruthy();
    const [body] = callsTo(fetchMock, 'PUT', STEPS_URL) as {
      steps: { place: string; also_accept?: string[]; relaxed_match?: boolean }[];
    }[];
    const navona = body?.steps.find((step) => step.place === 'Navona');
    expect(navona).toMatchObject({ also_accept: ['Navona', 'PIAZZA NAVONA'], relaxed_match: true });
    const trevi = body?.steps.find((step) => step.place === 'Trevi');
    expect(trevi).not.toHaveProperty('relaxed_match');
    expect(trevi).not.toHaveProperty('also_accept');
  });

  it('adds a costly hint that unlocks later, refusing a cost out of range', async () => {
    const fetchMock = stubSteps(() => jsonResponse(200, { steps: [] }));
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: /Trevi/ }));
    expect(within(form()).getByText(/Nessuno: solo il suggerimento qui sopra/)).toBeTruthy();
    click('Aggiungi suggerimento');
    fill('Suggerimento 2: Testo', 'Guarda in alto');
    fill('Suggerimento 2: Costo (punti)', '2000');
    fill('Suggerimento 2: Disponibile dopo (secondi)', '150');
    click('Save');
    expect(
      within(form()).getByText(
        'Ogni suggerimento ha un testo, un costo da 0 a 1000 punti e un ritardo da 0 a 86400 secondi',
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', STEPS_URL)).toEqual([]);
    fill('Suggerimento 2: Costo (punti)', '3');
    click('Save');
    expect(await screen.findByText('Steps saved')).toBeTruthy();
    const [body] = callsTo(fetchMock, 'PUT', STEPS_URL) as {
      steps: { place: string; hints?: unknown }[];
    }[];
    expect(body?.steps.find((step) => step.place === 'Trevi')?.hints).toEqual([
      { text: 'Guarda in alto', cost: 3, unlock_after_s: 150 },
    ]);
    expect(body?.steps.find((step) => step.place === 'Pantheon')).not.toHaveProperty('hints');
  });

  it('points at the invalid step and sends nothing when a field is wrong', async () => {
    const fetchMock = stubSteps(() => jsonResponse(200, { steps: [] }));
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'map click' }));
    expect(screen.getByTestId('pins').textContent).toBe('1,2,3,4*');
    fill('Latitude', '95');
    click('Save');
    expect(screen.getByRole('alert').textContent).toBe(
      'Step 4 ((no place)): correct the highlighted fields. Nothing was saved.',
    );
    expect(within(form()).getByText('Enter a latitude between -90 and 90')).toBeTruthy();
    expect(within(form()).getAllByText('This field is required')).toHaveLength(2);
    expect(within(form()).getByText('Enter the answer')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', STEPS_URL)).toEqual([]);
  });

  it('moves the selected step with a map click or a dragged pin', async () => {
    stubSteps();
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: /Trevi/ }));
    click('map click');
    expect(within(form()).getByLabelText('Latitude')).toHaveProperty('value', '41.95');
    expect(within(form()).getByLabelText('Longitude')).toHaveProperty('value', '12.45');
    click('drag pin 1');
    expect(within(form()).getByLabelText('Latitude')).toHaveProperty('value', '41.7');
    expect(listItems()).toHaveLength(3);
  });

  it('keeps the step when the deletion is not confirmed, and warns before leaving unsaved', async () => {
    stubSteps();
    const confirm = vi.spyOn(dialogs, 'confirm').mockResolvedValue(false);
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete step 1' }));
    expect(listItems()).toHaveLength(3);
    click('Move step 1 down');
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: '← Routes' }));
    await waitFor(() =>
      expect(confirm).toHaveBeenLastCalledWith('You have unsaved changes. Leave this page anyway?'),
    );
    expect(window.location.pathname).toBe('/demo/routes/r1/steps');
    expect(screen.queryByRole('heading', { name: 'Routes page' })).toBeNull();

    confirm.mockResolvedValue(true);
    fireEvent.click(screen.getByRole('link', { name: '← Routes' }));
    expect(await screen.findByRole('heading', { name: 'Routes page' })).toBeTruthy();
    expect(window.location.pathname).toBe('/demo/routes');
  });

  it('shows the error when the steps cannot be loaded', async () => {
    stubApi({
      [`GET ${STEPS_URL}`]: () => errorResponse('route_not_found'),
    });
    renderEditor();
    expect((await screen.findByRole('alert')).textContent).toBe('Percorso non trovato');
    expect(screen.getByRole('heading', { level: 1, name: 'Steps' })).toBeTruthy();
  });
});
