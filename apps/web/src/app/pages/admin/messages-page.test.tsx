import type {
  MessageBoard,
  MessageRecipients,
  StaffMessage,
  Thread,
  Threads,
} from '@tappa/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../../../lib/dialogs';
import { TENANT } from '../../../test/kits/player';
import { FakeEventSource, stubEventSource, stubFetchByUrl } from '../../../test/kits/scoreboards';
import { renderInRouter } from '../../../test/render-in-router';
import { sampleRoute } from '../../../test/samples';
import { stubDialogs } from '../../../test/stub-browser';
import { errorResponse, jsonBody, pathOf } from '../../../test/stub-api';
import { MessagesPage } from './messages-page';

const MESSAGES = '/api/tenants/acme/messages';
const LAGO_ID = '11111111-1111-4111-8111-111111111111';
const VOLPI_ID = '22222222-2222-4222-8222-222222222222';

/** An announcement sent to every team, read by one of five. */
function messageOf(overrides: Partial<StaffMessage> = {}): StaffMessage {
  return {
    id: 'm1',
    audience: 'tenant',
    route: null,
    team: null,
    body: 'Ritrovo in piazza alle 18',
    read_confirmation: false,
    author_email: 'staff@acme.test',
    send_at: '2026-07-10T10:00:00.000Z',
    sent_at: '2026-07-10T10:00:00.000Z',
    cancelled_at: null,
    created_at: '2026-07-10T10:00:00.000Z',
    counts: { addressed: 5, received: 3, read: 1 },
    ...overrides,
  };
}

const SCHEDULED = messageOf({
  id: 'm2',
  audience: 'route',
  route: { id: LAGO_ID, title: 'Giro del Lago' },
  body: 'Premiazione alle 20',
  read_confirmation: true,
  send_at: '2030-07-10T18:00:00.000Z',
  sent_at: null,
  counts: { addressed: 0, received: 0, read: 0 },
});

const THREADS: Threads = {
  threads: [
    {
      team_id: VOLPI_ID,
      team_name: 'Le Volpi',
      last: { author: 'team', body: 'Dove è la tappa 3?', sent_at: '2026-07-10T10:05:00.000Z' },
      unread: 2,
      answered: false,
    },
    {
      team_id: 't-gufi',
      team_name: 'I Gufi',
      last: { author: 'staff', body: 'Buona fortuna', sent_at: '2026-07-10T09:00:00.000Z' },
      unread: 0,
      answered: true,
    },
  ],
  unread: 2,
};

const VOLPI_THREAD: Thread = {
  team: { id: VOLPI_ID, name: 'Le Volpi' },
  lines: [
    {
      id: 'l1',
      author: 'team',
      author_email: null,
      body: 'Ciao! Vedi https://example.org/mappa.',
      sent_at: '2026-07-10T10:04:00.000Z',
      read_at: null,
    },
    {
      id: 'l2',
      author: 'team',
      author_email: null,
      body: 'Dove è la tappa 3? <b>urgente</b> javascript:alert(1)',
      sent_at: '2026-07-10T10:05:00.000Z',
      read_at: null,
    },
  ],
};

const BOARD: MessageBoard = { latest: [], unanswered: [], unread: 0 };

type Answer = (url: URL, init: RequestInit | undefined) => Response | undefined;

/** Opens the messages page of acme; `answer` may answer any call before the defaults. */
function openMessages(answer: Answer = () => undefined) {
  const api = stubFetchByUrl((request, init) => {
    const own = answer(request, init);
    if (own) return own;
    const method = init?.method ?? 'GET';
    if (request.pathname === '/api/public/tenants/acme') return Response.json(TENANT);
    if (request.pathname === '/api/tenants/acme/routes') {
      return Response.json({
        routes: [sampleRoute({ id: LAGO_ID, slug: 'lago', title: 'Giro del Lago' })],
      });
    }
    if (request.pathname === '/api/tenants/acme/players') {
      const q = request.searchParams.get('q') ?? '';
      const players = [
        { id: VOLPI_ID, team_name: 'Le Volpi', email: 'volpi@example.org' },
        { id: 't-gufi', team_name: 'I Gufi', email: 'gufi@example.org' },
      ]
        .filter((player) => player.team_name.toLowerCase().includes(q.toLowerCase()))
        .map((player) => ({
          ...player,
          route_title: 'Giro del Lago',
          registered_at: '2026-07-01T10:00:00.000Z',
          game_started: true,
        }));
      return Response.json({ players, next_cursor: null });
    }
    if (request.pathname === MESSAGES && method === 'GET') {
      return Response.json({ messages: [], next_cursor: null });
    }
    if (request.pathname === MESSAGES && method === 'POST') {
      return Response.json(messageOf({ body: String((jsonBody(init) as { body: string }).body) }));
    }
    if (request.pathname === `${MESSAGES}/threads`)
      return Response.json({ threads: [], unread: 0 });
    if (request.pathname === `${MESSAGES}/board`) return Response.json(BOARD);
    return undefined;
  });
  renderInRouter(
    [{ path: '/:tenantSlug/live/messages', element: <MessagesPage /> }],
    '/acme/live/messages',
  );
  return api;
}

/** The JSON bodies sent to `path` by `method`. */
function bodiesTo(api: ReturnType<typeof stubFetchByUrl>, method: string, path: string) {
  return api.mock.calls
    .filter(([input, init]) => pathOf(input) === path && (init?.method ?? 'GET') === method)
    .map(([, init]) => jsonBody(init) as Record<string, unknown>);
}

/** The compose form's panel. */
const composePanel = async () =>
  (await screen.findByRole('heading', { name: 'Nuovo messaggio' })).closest('section')!;

let success: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  success = vi.spyOn(toasts, 'success').mockImplementation(() => undefined);
  stubEventSource();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('MessagesPage', () => {
  it('sends to every team with the read confirmation, counting the text', async () => {
    const api = openMessages();
    const compose = await composePanel();
    expect(screen.getByRole('heading', { level: 1, name: 'Messaggi' })).toBeTruthy();
    expect(within(compose).getByRole('radio', { name: 'Tutte le squadre' })).toHaveProperty(
      'checked',
      true,
    );
    within(compose).getByRole('radio', { name: 'Le squadre di un percorso' });
    within(compose).getByRole('radio', { name: 'Una squadra' });
    expect(within(compose).getByRole('radio', { name: 'Invia ora' })).toHaveProperty(
      'checked',
      true,
    );
    expect(within(compose).getByText('0/1000')).toBeTruthy();

    fireEvent.click(within(compose).getByRole('button', { name: 'Invia' }));
    expect(within(compose).getByText('Scrivi il testo del messaggio')).toBeTruthy();
    expect(bodiesTo(api, 'POST', MESSAGES)).toHaveLength(0);

    fireEvent.change(within(compose).getByLabelText(/^Testo/), {
      target: { value: '  Ritrovo in piazza  ' },
    });
    expect(within(compose).getByText('21/1000')).toBeTruthy();
    fireEvent.click(within(compose).getByLabelText('Conferma di lettura richiesta'));
    fireEvent.click(within(compose).getByRole('button', { name: 'Invia' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Messaggio inviato'));
    const [body] = bodiesTo(api, 'POST', MESSAGES);
    expect(body).toEqual({
      action_id: body?.action_id,
      audience: 'tenant',
      body: 'Ritrovo in piazza',
      read_confirmation: true,
      send_at: null,
    });
    expect(String(body?.action_id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-/);
    expect(within(compose).getByLabelText<HTMLTextAreaElement>(/^Testo/).value).toBe('');
  });

  it("sends to a route's teams, and to one team picked from the players list", async () => {
    const api = openMessages();
    const compose = await composePanel();
    fireEvent.click(within(compose).getByRole('radio', { name: 'Le squadre di un percorso' }));
    fireEvent.change(within(compose).getByLabelText(/^Testo/), { target: { value: 'Al lago!' } });
    fireEvent.click(within(compose).getByRole('button', { name: 'Invia' }));
    expect(within(compose).getByText('Scegli il percorso')).toBeTruthy();
    const route = within(compose).getByLabelText(/^Percorso/);
    await within(route).findByRole('option', { name: 'Giro del Lago' });
    fireEvent.change(route, { target: { value: LAGO_ID } });
    fireEvent.change(within(compose).getByLabelText(/^Testo/), { target: { value: 'Al lago!' } });
    fireEvent.click(within(compose).getByRole('button', { name: 'Invia' }));
    await waitFor(() => expect(bodiesTo(api, 'POST', MESSAGES)).toHaveLength(1));

    fireEvent.click(within(compose).getByRole('radio', { name: 'Una squadra' }));
    fireEvent.change(within(compose).getByRole('searchbox', { name: 'Cerca squadra' }), {
      target: { value: 'volp' },
    });
    const team = within(compose).getByLabelText(/^Squadra/);
    await within(team).findByRole('option', { name: 'Le Volpi (Giro del Lago)' });
    expect(within(team).queryByRole('option', { name: /I Gufi/ })).toBeNull();
    fireEvent.change(team, { target: { value: VOLPI_ID } });
    fireEvent.change(within(compose).getByLabelText(/^Testo/), { target: { value: 'Ciao' } });
    fireEvent.click(within(compose).getByRole('button', { name: 'Invia' }));
    await waitFor(() => expect(bodiesTo(api, 'POST', MESSAGES)).toHaveLength(2));

    const [toRoute, toTeam] = bodiesTo(api, 'POST', MESSAGES);
    expect(toRoute).toMatchObject({ audience: 'route', route_id: LAGO_ID, body: 'Al lago!' });
    expect(toRoute).not.toHaveProperty('team_id');
    expect(toTeam).toMatchObject({ audience: 'team', team_id: VOLPI_ID, body: 'Ciao' });
    expect(toTeam).not.toHaveProperty('route_id');
    expect(toTeam?.action_id).not.toBe(toRoute?.action_id);
  });

  it("schedules on the tenant's clock (Rome) and sends the instant in UTC", async () => {
    const api = openMessages();
    const compose = await composePanel();
    fireEvent.change(within(compose).getByLabelText(/^Testo/), { target: { value: 'Pausa' } });
    fireEvent.click(within(compose).getByRole('radio', { name: 'Programma' }));
    const when = within(compose).getByLabelText(/^Data e ora \(ora di Roma\)/);
    fireEvent.change(when, { target: { value: '2020-01-01T10:00' } });
    fireEvent.click(within(compose).getByRole('button', { name: 'Invia' }));
    expect(within(compose).getByText('Scegli una data e ora future')).toBeTruthy();
    fireEvent.change(when, { target: { value: '2030-07-10T14:05' } });
    fireEvent.click(within(compose).getByRole('button', { name: 'Invia' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Messaggio programmato'));
    expect(bodiesTo(api, 'POST', MESSAGES)[0]).toMatchObject({
      audience: 'tenant',
      body: 'Pausa',
      send_at: '2030-07-10T12:05:00.000Z',
    });
  });

  it('sends again with the same action_id after a network failure, and a new one after', async () => {
    let posts = 0;
    const api = openMessages((request, init) => {
      if (request.pathname !== MESSAGES || init?.method !== 'POST') return undefined;
      posts += 1;
      // The first answer never arrives: the connection dropped.
      if (posts === 1) throw new TypeError('Failed to fetch');
      return undefined;
    });
    const compose = await composePanel();
    fireEvent.change(within(compose).getByLabelText(/^Testo/), { target: { value: 'Pioggia' } });
    fireEvent.click(within(compose).getByRole('button', { name: 'Invia' }));
    expect(await within(compose).findByRole('alert')).toBeTruthy();
    fireEvent.click(within(compose).getByRole('button', { name: 'Invia' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Messaggio inviato'));
    fireEvent.change(within(compose).getByLabelText(/^Testo/), { target: { value: 'Sole' } });
    fireEvent.click(within(compose).getByRole('button', { name: 'Invia' }));
    await waitFor(() => expect(bodiesTo(api, 'POST', MESSAGES)).toHaveLength(3));
    const [first, retry, next] = bodiesTo(api, 'POST', MESSAGES);
    expect(retry).toEqual(first);
    expect(next?.action_id).not.toBe(first?.action_id);
  });

  it('lists sent and scheduled messages with their counts, and shows who has not received or read one', async () => {
    const recipients: MessageRecipients = {
      message: messageOf(),
      recipients: [
        { team_id: 'a', team_name: 'Le Volpi', received_at: null, read_at: null },
        { team_id: 'b', team_name: 'I Gufi', received_at: '2026-07-10T10:00:01Z', read_at: null },
        {
          team_id: 'c',
          team_name: 'Gli Orsi',
          received_at: '2026-07-10T10:00:01Z',
          read_at: '2026-07-10T10:01:00Z',
        },
      ],
    };
    openMessages((request) => {
      if (request.pathname === MESSAGES && !request.searchParams.has('cursor')) {
        return Response.json({ messages: [SCHEDULED, messageOf()], next_cursor: 'c1' });
      }
      if (request.pathname === MESSAGES) {
        return Response.json({
          messages: [messageOf({ id: 'm0', body: 'Benvenuti' })],
          next_cursor: null,
        });
      }
      if (request.pathname === `${MESSAGES}/m1/recipients`) return Response.json(recipients);
      return undefined;
    });
    const list = (await screen.findByRole('heading', { name: 'Inviati e programmati' })).closest(
      'section',
    )!;
    const items = await within(list).findAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.message-text')?.textContent)).toEqual([
      'Premiazione alle 20',
      'Ritrovo in piazza alle 18',
    ]);
    const [scheduled, sent] = items as [HTMLElement, HTMLElement];
    expect(scheduled.textContent).toContain('A: le squadre del percorso Giro del Lago');
    expect(scheduled.textContent).toContain('Programmato per il 10/07/2030, 20:00 (ora di Roma)');
    expect(scheduled.textContent).toContain('Conferma di lettura');
    expect(scheduled.textContent).not.toContain('Ricevuto da');
    expect(within(scheduled).queryByRole('button', { name: 'Destinatari' })).toBeNull();
    expect(sent.textContent).toContain('A: tutte le squadre');
    expect(sent.textContent).toContain('Inviato il 10/07/2026, 12:00 (ora di Roma)');
    expect(within(sent).getByText('Ricevuto da 3 di 5 · Letto da 1 di 5')).toBeTruthy();
    expect(within(sent).queryByRole('button', { name: 'Annulla' })).toBeNull();

    fireEvent.click(within(list).getByRole('button', { name: 'Mostra altri' }));
    expect(await within(list).findByText('Benvenuti')).toBeTruthy();

    fireEvent.click(within(sent).getByRole('button', { name: 'Destinatari' }));
    const dialog = await screen.findByRole('dialog', { name: 'Destinatari del messaggio' });
    const notReceived = await within(dialog).findByRole('heading', {
      name: 'Non ancora ricevuto (1)',
    });
    expect(notReceived.parentElement?.querySelector('ul')?.textContent).toBe('Le Volpi');
    const notRead = within(dialog).getByRole('heading', { name: 'Ricevuto, non letto (1)' });
    expect(notRead.parentElement?.querySelector('ul')?.textContent).toBe('I Gufi');
    expect(dialog.textContent).not.toContain('Gli Orsi');
  });

  it("takes back a scheduled message with 'Annulla' once confirmed", async () => {
    const { confirm } = stubDialogs(false);
    let cancelled = false;
    const api = openMessages((request, init) => {
      if (request.pathname === `${MESSAGES}/m2` && init?.method === 'DELETE') {
        cancelled = true;
        return Response.json({ ...SCHEDULED, cancelled_at: '2026-07-10T10:10:00.000Z' });
      }
      if (request.pathname === MESSAGES && (init?.method ?? 'GET') === 'GET') {
        const shown = cancelled
          ? { ...SCHEDULED, cancelled_at: '2026-07-10T10:10:00.000Z' }
          : SCHEDULED;
        return Response.json({ messages: [shown], next_cursor: null });
      }
      return undefined;
    });
    const cancel = await screen.findByRole('button', { name: 'Annulla' });
    fireEvent.click(cancel);
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(confirm).toHaveBeenCalledWith(
      'Annullare il messaggio programmato? Le squadre non lo riceveranno.',
    );
    expect(bodiesTo(api, 'DELETE', `${MESSAGES}/m2`)).toHaveLength(0);

    confirm.mockResolvedValue(true);
    fireEvent.click(cancel);
    await waitFor(() => expect(bodiesTo(api, 'DELETE', `${MESSAGES}/m2`)).toHaveLength(1));
    expect(await screen.findByText('Annullato')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Annulla' })).toBeNull();
  });

  it('shows the error text of a cancel that came too late', async () => {
    stubDialogs(true);
    openMessages((request, init) => {
      if (request.pathname === `${MESSAGES}/m2` && init?.method === 'DELETE') {
        return errorResponse('message_already_sent');
      }
      if (request.pathname === MESSAGES && (init?.method ?? 'GET') === 'GET') {
        return Response.json({ messages: [SCHEDULED], next_cursor: null });
      }
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Annulla' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Il messaggio è già stato inviato');
  });

  it("shows the threads' unread counts and the unanswered ones, opens one and replies", async () => {
    let threadsRead = 0;
    let opened = false;
    const api = openMessages((request, init) => {
      const method = init?.method ?? 'GET';
      if (request.pathname === `${MESSAGES}/threads`) {
        threadsRead += 1;
        return Response.json(THREADS);
      }
      if (request.pathname === `${MESSAGES}/threads/${VOLPI_ID}` && method === 'GET') {
        opened = true;
        return Response.json(VOLPI_THREAD);
      }
      if (request.pathname === `${MESSAGES}/threads/${VOLPI_ID}` && method === 'POST') {
        return Response.json({
          id: 'l3',
          author: 'staff',
          author_email: 'staff@acme.test',
          body: 'Dietro la chiesa',
          sent_at: '2026-07-10T10:06:00.000Z',
          read_at: null,
        });
      }
      return undefined;
    });
    const panel = (await screen.findByRole('heading', { name: /^Conversazioni/ })).closest(
      'section',
    )!;
    const volpi = await within(panel).findByRole('button', { name: /^Le Volpi/ });
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe(
      'Conversazioni2 non letti',
    );
    expect(within(volpi).getByText('2 non letti')).toBeTruthy();
    expect(within(volpi).getByText('Da rispondere')).toBeTruthy();
    const gufi = within(panel).getByRole('button', { name: /^I Gufi/ });
    expect(within(gufi).queryByText(/non lett/)).toBeNull();
    expect(within(gufi).queryByText('Da rispondere')).toBeNull();

    fireEvent.click(volpi);
    const thread = await within(panel).findByRole('region', {
      name: 'Conversazione con Le Volpi',
    });
    expect(opened).toBe(true);
    // Opened: its lines are read, in the list too.
    await waitFor(() => expect(within(volpi).queryByText('2 non letti')).toBeNull());
    expect(within(panel).getByRole('heading', { level: 2 }).textContent).toBe('Conversazioni');
    const link = within(thread).getByRole('link', { name: 'https://example.org/mappa' });
    expect(link.getAttribute('href')).toBe('https://example.org/mappa');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(
      within(thread).getByText('Dove è la tappa 3? <b>urgente</b> javascript:alert(1)'),
    ).toBeTruthy();
    expect(thread.querySelector('b')).toBeNull();
    expect(within(thread).getAllByRole('link')).toHaveLength(1);

    const before = threadsRead;
    fireEvent.change(within(thread).getByLabelText(/^Risposta/), {
      target: { value: ' Dietro la chiesa ' },
    });
    fireEvent.click(within(thread).getByRole('button', { name: 'Rispondi' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Risposta inviata'));
    const [reply] = bodiesTo(api, 'POST', `${MESSAGES}/threads/${VOLPI_ID}`);
    expect(reply).toEqual({ action_id: reply?.action_id, body: 'Dietro la chiesa' });
    await waitFor(() => expect(threadsRead).toBeGreaterThan(before));
  });

  it('reads the threads and the open thread again when the board stream says something changed', async () => {
    let threadReads = 0;
    let listReads = 0;
    openMessages((request) => {
      if (request.pathname === `${MESSAGES}/threads`) {
        listReads += 1;
        return Response.json(THREADS);
      }
      if (request.pathname === `${MESSAGES}/threads/${VOLPI_ID}`) {
        threadReads += 1;
        return Response.json(VOLPI_THREAD);
      }
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: /^Le Volpi/ }));
    await screen.findByRole('region', { name: 'Conversazione con Le Volpi' });
    const source = FakeEventSource.instances.find((item) =>
      item.url.endsWith('/messages/board/stream'),
    )!;
    act(() => source.open());
    expect(await screen.findByText('In diretta')).toBeTruthy();
    // The same board as held: nothing happened.
    act(() => source.emit('board', BOARD));
    const [lists, threads] = [listReads, threadReads];
    act(() => source.emit('board', { ...BOARD, unread: 1 }));
    await waitFor(() => expect(listReads).toBeGreaterThan(lists));
    await waitFor(() => expect(threadReads).toBeGreaterThan(threads));
  });
});
