import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, errorResponse, jsonResponse } from '../../test/stub-api';
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
import { dialogs } from '../../lib/dialogs';

// Leaflet does not render in jsdom: a stand-in shows the pins and fires the map's callbacks.
vi.mock('./step-map', async () => ({ StepMap: (await import('./map-stub')).MapStub }));

describe('StepEditor save', () => {
  it('edits, reorders, deletes and adds steps, then sends the whole list renumbered', async () => {
    const fetchMock = stubSteps(() => jsonResponse(200, { steps: SAMPLE_STEPS.slice(0, 1) }));
    const confirm = vi.spyOn(dialogs, 'confirm').mockResolvedValue(true);
    renderEditor();

    // Step 1: new place, orientation and a scoring configuration typed in seconds.
    fireEvent.click(await screen.findByRole('button', { name: /Trevi/ }));
    fill('Place', 'Fontana di Trevi');
    fill('Orientation', 'nord');
    fireEvent.click(within(form()).getByRole('button', { name: /Scoring/ }));
    fill('First try', '10');
    fill('Time limit (s)', '90');
    fill('Within the limit', '5');
    fill('Over the limit', '1');
    fireEvent.click(within(form()).getByRole('button', { name: 'Add threshold' }));
    fill('Threshold 1: within (s)', '30');
    fill('Threshold 1: points', '3');
    // Step 3 (Navona) moves above Pantheon, then Pantheon is deleted.
    click('Move step 3 up');
    expect(listItems()).toEqual(['1Fontana di TreviText', '2NavonaQR code', '3PantheonChoice']);
    click('Delete step 3');
    expect(confirm).toHaveBeenCalledWith('Delete step 3 "Pantheon"?');
    await waitFor(() => expect(listItems()).toHaveLength(2));
    // Navona's scoring is cleared: null is sent.
    click(/Navona/);
    fireEvent.click(within(form()).getByRole('button', { name: 'Clear scoring' }));
    // A new multiple-choice step placed by a click on the map.
    click('Add step');
    fill('Place', 'Bocca della Verità');
    fill('Task', 'Di che colore è?');
    fireEvent.click(screen.getByRole('button', { name: 'map click' }));
    fill('Check type', 'choice');
    fill('Choice 1', 'Rosso');
    fill('Choice 2', 'Verde');
    fireEvent.click(within(form()).getByRole('button', { name: 'Add choice' }));
    fill('Choice 3', 'Blu');
    fireEvent.click(within(form()).getByLabelText('Multiple correct answers'));
    fireEvent.click(within(form()).getByLabelText('Choice 1 is correct'));
    fireEvent.click(within(form()).getByLabelText('Choice 3 is correct'));
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    click('Save');
    expect(await screen.findByText('Steps saved')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT', STEPS_URL)).toEqual([
      {
        steps: [
          expect.objectContaining({
            id: 's1',
            ord: 1,
            place: 'Fontana di Trevi',
            orientation: 'nord',
            check_answer: '1762',
            choices: null,
            multiple: false,
            scoring: {
              attempt_award: { first_try: 10 },
              duration_award: { limit_ms: 90_000, within_points: 5, over_points: 1 },
              quick_award: [{ lte_ms: 30_000, points: 3 }],
            },
          }),
          expect.objectContaining({
            id: 's3',
            ord: 2,
            orientation: 'est',
            check_type: 'qr',
            check_answer: 'TAPPA-NAVONA',
            media: [{ type: 'image', url: 'https://img.example/navona.jpg', caption: 'Fontana' }],
            scoring: null,
          }),
          {
            ord: 3,
            place: 'Bocca della Verità',
            address: null,
            lat: 41.95,
            lng: 12.45,
            radius_m: 50,
            task: 'Di che colore è?',
            hint: null,
            check_type: 'choice',
            check_answer: '["Rosso","Blu"]',
            orientation: null,
            media: [],
            choices: ['Rosso', 'Verde', 'Blu'],
            multiple: true,
            scoring: null,
            review: 'auto',
          },
        ],
      },
    ]);
    // The saved list replaces the working copy.
    expect(listItems()).toEqual(['1TreviText']);
    expect(screen.queryByText('Unsaved changes')).toBeNull();
  });

  it("shows the spec's text of the step's issue in a red banner", async () => {
    const message = 'Step 2 (Pantheon): "choices" deve essere un array non vuoto';
    stubSteps(() =>
      errorResponse('route_json_invalid', { issue: 'choices_empty', step: 2, place: 'Pantheon' }),
    );
    renderEditor();
    fireEvent.click(await screen.findByRole('button', { name: /Trevi/ }));
    fill('Hint', 'Guarda in alto');
    click('Save');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByText('Steps saved')).toBeNull();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
  });
});
