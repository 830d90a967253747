import type { RouteLiveState } from '@tappa/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogs, toasts } from '../../../lib/dialogs';
import { consoleOf, LAGO, LIVE_NOW, minutesBefore, routeStateOf } from '../../../test/kits/live';
import { TENANT } from '../../../test/kits/player';
import { stubEventSource, stubFetchByUrl } from '../../../test/kits/scoreboards';
import { renderInRouter } from '../../../test/render-in-router';
import { sampleRoute } from '../../../test/samples';
import { pathOf } from '../../../test/stub-api';
import { LiveConsolePage } from './live-console-page';

// One clock for the event (decision 0085): the console's 'Pausa per tutti', 'Riprendi per tutti'
// and 'Termina ora' of the chosen route.

const LIVE = '/api/tenants/acme/live';
const PAUSE = `${LIVE}/routes/${LAGO.id}/pause`;
const END = `${LIVE}/routes/${LAGO.id}/end`;

const NO_EVENT = { starts_at: null, ends_at: null, paused_at: null };

/**
 * Opens the console on LAGO with its state `state`; pausing, resuming and ending answer the
 * state as the server would and the console read after them shows it.
 */
function openConsole(state: RouteLiveState = routeStateOf()) {
  let current = state;
  const answer = (next: RouteLiveState) => {
    current = next;
    return Response.json(next);
  };
  const api = stubFetchByUrl((request, init) => {
    const method = init?.method ?? 'GET';
    if (request.pathname === PAUSE && method === 'PUT') {
      return answer({ ...current, event: { ...current.event, paused_at: LIVE_NOW } });
    }
    if (request.pathname === PAUSE && method === 'DELETE') {
      return answer({ ...current, event: { ...current.event, paused_at: null } });
    }
    if (request.pathname === END && method === 'PUT') {
      return answer({ ...current, event: { ...current.event, ends_at: LIVE_NOW } });
    }
    if (request.pathname === '/api/public/tenants/acme') return Response.json(TENANT);
    if (request.pathname === '/api/tenants/acme/routes') {
      return Response.json({
        routes: [sampleRoute({ id: LAGO.id, slug: 'lago', title: LAGO.title })],
      });
    }
    if (request.pathname === LIVE) return Response.json(consoleOf({ routes: [current] }));
    return undefined;
  });
  renderInRouter(
    [{ path: '/:tenantSlug/live', element: <LiveConsolePage /> }],
    `/acme/live?route=${LAGO.id}`,
  );
  return api;
}

/** The calls `api` received to `path` by `method`. */
function callsTo(api: ReturnType<typeof stubFetchByUrl>, method: string, path: string) {
  return api.mock.calls.filter(
    ([input, init]) => pathOf(input) === path && (init?.method ?? 'GET') === method,
  );
}

let success: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  success = vi.spyOn(toasts, 'success').mockImplementation(() => undefined);
  stubEventSource();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(LIVE_NOW);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the console's event clock", () => {
  it("pauses every team of the route after 'Pausa per tutti' is confirmed, then offers to resume", async () => {
    const confirm = vi.spyOn(dialogs, 'confirm').mockResolvedValue(true);
    const api = openConsole();
    fireEvent.click(await screen.findByRole('button', { name: 'Pausa per tutti' }));
    await waitFor(() =>
      expect(confirm).toHaveBeenCalledWith(
        'Mettere in pausa il gioco per tutte le squadre di Giro del Lago? Tempi e limiti si fermano finché non riprendi.',
      ),
    );
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Gioco in pausa per tutte le squadre'),
    );
    expect(callsTo(api, 'PUT', PAUSE)).toHaveLength(1);
    expect((await screen.findByText(/^In pausa per tutti dalle 12:30/)).getAttribute('role')).toBe(
      'status',
    );
    expect(screen.getByRole('button', { name: 'Riprendi per tutti' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pausa per tutti' })).toBeNull();
  });

  it("resumes a paused route after 'Riprendi per tutti' is confirmed", async () => {
    const confirm = vi.spyOn(dialogs, 'confirm').mockResolvedValue(true);
    const api = openConsole(routeStateOf({ event: { ...NO_EVENT, paused_at: minutesBefore(5) } }));
    expect((await screen.findByText(/^In pausa per tutti dalle 12:25/)).getAttribute('role')).toBe(
      'status',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Riprendi per tutti' }));
    await waitFor(() =>
      expect(confirm).toHaveBeenCalledWith(
        'Riprendere il gioco per tutte le squadre di Giro del Lago?',
      ),
    );
    await waitFor(() => expect(success).toHaveBeenCalledWith('Gioco ripreso per tutte le squadre'));
    expect(callsTo(api, 'DELETE', PAUSE)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Pausa per tutti' })).toBeTruthy();
    expect(screen.queryByText(/^In pausa per tutti/)).toBeNull();
  });

  it("ends the event after 'Termina ora' is confirmed", async () => {
    const confirm = vi.spyOn(dialogs, 'confirm').mockResolvedValue(true);
    const api = openConsole();
    fireEvent.click(await screen.findByRole('button', { name: 'Termina ora' }));
    await waitFor(() =>
      expect(confirm).toHaveBeenCalledWith(
        'Terminare ora il gioco per tutte le squadre di Giro del Lago? Le partite aperte finiscono come allo scadere del tempo.',
      ),
    );
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Gioco terminato per tutte le squadre'),
    );
    expect(callsTo(api, 'PUT', END)).toHaveLength(1);
    expect(await screen.findByText(/^Evento: … – 01\/05\/2026, 12:30/)).toBeTruthy();
  });

  it('sends nothing when the question is cancelled', async () => {
    const confirm = vi.spyOn(dialogs, 'confirm').mockResolvedValue(false);
    const api = openConsole();
    fireEvent.click(await screen.findByRole('button', { name: 'Pausa per tutti' }));
    fireEvent.click(screen.getByRole('button', { name: 'Termina ora' }));
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(2));
    await Promise.resolve();
    expect(callsTo(api, 'PUT', PAUSE)).toHaveLength(0);
    expect(callsTo(api, 'PUT', END)).toHaveLength(0);
    expect(success).not.toHaveBeenCalled();
  });

  it("shows the event's start and end on the tenant's clock", async () => {
    openConsole(
      routeStateOf({
        event: {
          starts_at: '2026-05-01T08:00:00.000Z',
          ends_at: '2026-05-01T16:00:00.000Z',
          paused_at: null,
        },
      }),
    );
    expect(
      await screen.findByText(/^Evento: 01\/05\/2026, 10:00.* – 01\/05\/2026, 18:00/),
    ).toBeTruthy();
  });
});
