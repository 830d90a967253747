import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { advanceClock, useFakeClock, waitUntil } from '../../test/fake-clock';
import { callsTo, jsonResponse } from '../../test/stub-api';
import {
  click,
  fill,
  form,
  listItems,
  renderEditor,
  SAMPLE_STEPS,
  STEPS_URL,
  stubSteps,
} from '../../test/kits/step-editor';
import { TYPED_COORDINATES_PAUSE_MS } from './use-map-view';

// Leaflet does not render in jsdom: a stand-in shows the pins, their titles and the map's moves.
vi.mock('./step-map', async () => ({ StepMap: (await import('./map-stub')).MapStub }));

afterEach(() => {
  vi.useRealTimers();
});

const view = () => screen.getByTestId('view').textContent;
const stepButton = (name: RegExp) =>
  within(screen.getByRole('region', { name: 'Steps' })).getByRole('button', { name });

describe('StepEditor map', () => {
  it('moves the pin as coordinates are typed, and the map once typing pauses', async () => {
    useFakeClock();
    stubSteps();
    renderEditor();
    fireEvent.click(await waitUntil(() => stepButton(/Trevi/)));
    expect(view()).toBe('show 41.900932,12.483313');
    expect(screen.getByTestId('pin-titles').textContent).toBe(
      '1. Trevi (tappa selezionata)|2. Pantheon|3. Navona',
    );

    const latitude = within(form()).getByLabelText('Latitude');
    latitude.focus();
    fill('Latitude', '43.7731');
    fill('Longitude', '11.2558');
    await advanceClock(TYPED_COORDINATES_PAUSE_MS - 1);
    expect(view()).toBe('show 41.900932,12.483313');
    await advanceClock(1);
    expect(view()).toBe('centre 43.7731,11.2558');
    // The map moved; the typing field kept the focus.
    expect(document.activeElement).toBe(latitude);

    // Invalid coordinates move nothing, and cancel a pending move.
    fill('Latitude', '45.07');
    fill('Latitude', '95');
    await advanceClock(TYPED_COORDINATES_PAUSE_MS);
    expect(view()).toBe('centre 43.7731,11.2558');
    expect(screen.getByTestId('pins').textContent).toBe('2,3');
  });

  it('fits the map to every saved step, each with its pin', async () => {
    const saved = [
      SAMPLE_STEPS[0]!,
      { ...SAMPLE_STEPS[1]!, lat: 43.7731, lng: 11.2558 },
      SAMPLE_STEPS[2]!,
    ];
    stubSteps(() => jsonResponse(200, { steps: saved }));
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: /Pantheon/ }));
    fill('Latitude', '43.7731');
    fill('Longitude', '11.2558');
    click('Save');
    expect(await screen.findByText('Steps saved')).toBeTruthy();
    expect(view()).toBe('fit 41.89897,11.2558 43.7731,12.483313');
    expect(screen.getByTestId('pins').textContent).toBe('1,2*,3');
  });
});

describe('StepEditor list order', () => {
  it('moves a step with Alt+Arrow keys, keeping the focus on it and saying where it went', async () => {
    stubSteps();
    renderEditor();
    const trevi = await screen.findByRole('button', { name: /Trevi/ });
    trevi.focus();
    fireEvent.keyDown(trevi, { key: 'ArrowDown', altKey: true });
    expect(listItems()).toEqual(['1PantheonChoice', '2TreviText', '3NavonaQR code']);
    expect(document.activeElement).toBe(stepButton(/Trevi/));
    expect(screen.getByRole('status').textContent).toBe('Tappa 1 spostata in posizione 2');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    // Without Alt, and past the ends, the keys change nothing.
    fireEvent.keyDown(stepButton(/Trevi/), { key: 'ArrowUp' });
    fireEvent.keyDown(stepButton(/Pantheon/), { key: 'ArrowUp', altKey: true });
    expect(listItems()).toEqual(['1PantheonChoice', '2TreviText', '3NavonaQR code']);
    fireEvent.keyDown(stepButton(/Trevi/), { key: 'ArrowUp', altKey: true });
    expect(listItems()).toEqual(['1TreviText', '2PantheonChoice', '3NavonaQR code']);
  });

  it('moves a dragged step to the row it is dropped on', async () => {
    stubSteps();
    renderEditor();
    await screen.findByRole('button', { name: /Trevi/ });
    const rows = within(screen.getByRole('region', { name: 'Steps' })).getAllByRole('listitem');
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(rows[2]!, { dataTransfer });
    fireEvent.dragOver(rows[0]!, { dataTransfer });
    expect(rows[0]!.className).toContain('se-list__item--drop-above');
    fireEvent.drop(rows[0]!, { dataTransfer });
    expect(listItems()).toEqual(['1NavonaQR code', '2TreviText', '3PantheonChoice']);
    expect(screen.getByRole('status').textContent).toBe('Tappa 3 spostata in posizione 1');
    // A drop that did not start in the list changes nothing.
    const rowsAfter = within(screen.getByRole('region', { name: 'Steps' })).getAllByRole(
      'listitem',
    );
    fireEvent.drop(rowsAfter[2]!, { dataTransfer });
    expect(listItems()).toEqual(['1NavonaQR code', '2TreviText', '3PantheonChoice']);
  });
});

describe('StepEditor street address', () => {
  it('sends the typed address trimmed, and null for a blank one', async () => {
    const fetchMock = stubSteps(() => jsonResponse(200, { steps: SAMPLE_STEPS }));
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: /Trevi/ }));
    expect(within(form()).getByLabelText('Indirizzo (facoltativo)')).toHaveProperty('value', '');
    fill('Indirizzo (facoltativo)', '  Piazza di Trevi, Roma ');
    click(/Pantheon/);
    fill('Indirizzo (facoltativo)', '   ');
    click('Save');
    expect(await screen.findByText('Steps saved')).toBeTruthy();
    const [body] = callsTo(fetchMock, 'PUT', STEPS_URL) as { steps: { address: unknown }[] }[];
    expect(body?.steps.map((step) => step.address)).toEqual(['Piazza di Trevi, Roma', null, null]);
  });
});
