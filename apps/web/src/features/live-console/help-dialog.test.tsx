import type { AdminStep } from '@tappa/contracts';
import type { HelpAction } from '@tappa/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../lib/dialogs';
import { i18n } from '../../lib/i18n';
import { eventOf, LAGO, teamOf } from '../../test/kits/live';
import { renderWithProviders } from '../../test/render-in-router';
import { sampleStep } from '../../test/samples';
import { callKeys, callsTo, jsonResponse, stubApi } from '../../test/stub-api';
import { HelpDialog } from './help-dialog';

const LIVE = '/api/tenants/acme/live';
const STEPS_URL = `/api/tenants/acme/routes/${LAGO.id}/steps`;
const LEDGER_URL = `${LIVE}/games/g1/ledger`;
const HELP_URL = `${LIVE}/games/g1/help`;

const hint = (cost: number) => ({ text: `Costa ${cost}`, cost, unlock_after_s: 60 });

/** LAGO's steps: I Gufi (teamOf) are on step 2, Ponte; Torre has no hints after its own. */
const STEPS: AdminStep[] = [
  sampleStep({ id: 's1', place: 'Fontana', hints: [hint(2), hint(0)] }),
  sampleStep({ id: 's2', place: 'Ponte', hints: [hint(3), hint(4)] }),
  sampleStep({ id: 's3', place: 'Pantheon', hints: [hint(1)] }),
  sampleStep({ id: 's4', place: 'Torre', hint: 'Guarda in alto' }),
];

/** The team took Fontana's first hint itself; staff gave it Ponte's second. */
const LEDGER_ENTRIES = [
  eventOf({ id: 1, kind: 'try', points: 10 }),
  eventOf({
    id: 2,
    kind: 'hint',
    points: -2,
    details: { step_number: 1, hint_index: 0, cost: 2 },
  }),
  eventOf({
    id: 3,
    step: { id: 's2', number: 2, place: 'Ponte' },
    kind: 'hint',
    points: 0,
    reason: 'Bloccati da 20 minuti',
    details: { action: 'give_hint', step_number: 2, hint_index: 1 },
    actor_email: 'staff@acme.test',
  }),
];

/** Opens the dialog of `action` for I Gufi on a route of `steps` with a ledger of `entries`. */
function openDialog(action: HelpAction, steps = STEPS, entries = LEDGER_ENTRIES) {
  const onClose = vi.fn();
  const api = stubApi({
    [`GET ${STEPS_URL}`]: () => jsonResponse(200, { steps }),
    [`GET ${LEDGER_URL}`]: () => jsonResponse(200, { game_id: 'g1', total_score: 8, entries }),
    [`POST ${HELP_URL}`]: () =>
      jsonResponse(200, { event: eventOf({ kind: 'hint', points: 0 }), total_score: 8 }),
  });
  renderWithProviders(<HelpDialog slug="acme" team={teamOf()} action={action} onClose={onClose} />);
  return { api, onClose };
}

/** Lets the calls started by what the test just did reach `fetch` (React's `act` drains them). */
const settle = () => act(() => Promise.resolve());

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

let success: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  success = vi.spyOn(toasts, 'success').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('HelpDialog: give a hint free', () => {
  it("offers the route's hints the team has not got, its current step's first, and gives the chosen one", async () => {
    const { api, onClose } = openDialog('give_hint');
    const dialog = await screen.findByRole('dialog', {
      name: 'Dai un suggerimento gratis: I Gufi',
    });
    const select = await within(dialog).findByRole('combobox', { name: 'Suggerimento' });
    expect(optionTexts(select)).toEqual([
      '2. Ponte — Suggerimento 2 (3 punti)',
      '1. Fontana — Suggerimento 3 (0 punti)',
      '3. Pantheon — Suggerimento 2 (1 punto)',
    ]);
    // The current step's first hint is chosen unless staff pick another.
    expect(select).toHaveProperty('value', 's2:0');

    fireEvent.change(select, { target: { value: 's3:0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma' }));
    expect(within(dialog).getByText('Scrivi il motivo')).toBeTruthy();
    expect(callsTo(api, 'POST', HELP_URL)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Pioggia' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Dai un suggerimento gratis: fatto per I Gufi'),
    );
    expect(onClose).toHaveBeenCalled();
    const bodies = callsTo(api, 'POST', HELP_URL);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toEqual({
      action_id: expect.any(String) as string,
      action: 'give_hint',
      step_id: 's3',
      hint_index: 0,
      minutes: null,
      reason: 'Pioggia',
    });
  });

  it('says so and sends nothing when the route has no hint left to give', async () => {
    const taken = eventOf({
      id: 4,
      step: { id: 's3', number: 3, place: 'Pantheon' },
      kind: 'hint',
      points: -1,
      details: { step_number: 3, hint_index: 0, cost: 1 },
    });
    const steps = STEPS.map((step) =>
      step.id === 's3' ? step : { ...step, hints: [] satisfies AdminStep['hints'] },
    );
    const { api } = openDialog('give_hint', steps, [...LEDGER_ENTRIES, taken]);
    const dialog = await screen.findByRole('dialog', {
      name: 'Dai un suggerimento gratis: I Gufi',
    });
    expect(
      await within(dialog).findByText(
        'Nessun suggerimento da dare: le tappe di questo percorso non ne hanno altri.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Motivo'), { target: { value: 'Pioggia' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Conferma' }));
    await settle();
    expect(callsTo(api, 'POST', HELP_URL)).toHaveLength(0);
    expect(success).not.toHaveBeenCalled();
  });

  it('names the hints in English', async () => {
    await i18n.changeLanguage('en');
    try {
      openDialog('give_hint');
      const select = await screen.findByRole('combobox', { name: 'Hint' });
      expect(optionTexts(select)).toEqual([
        '2. Ponte — Hint 2 (3 points)',
        '1. Fontana — Hint 3 (0 points)',
        '3. Pantheon — Hint 2 (1 point)',
      ]);
    } finally {
      await i18n.changeLanguage('it');
    }
  });

  it("reads neither the route's steps nor the ledger for an action that names no step", async () => {
    const { api } = openDialog('extend_time');
    await screen.findByRole('dialog', { name: 'Estendi il tempo: I Gufi' });
    await settle();
    expect(callKeys(api)).not.toContain(`GET ${STEPS_URL}`);
    expect(callKeys(api)).not.toContain(`GET ${LEDGER_URL}`);
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
