import type { PlayerInbox, PlayerMessage } from '@tappa/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advanceClock, useFakeClock, waitUntil } from '../../../test/fake-clock';
import { GAME_ID, gameOf, unmountScreens } from '../../../test/kits/gameplay';
import { gameLiveOf } from '../../../test/kits/live';
import { renderPlayerPage, requestsTo, stubPlayApi, type Handler } from '../../../test/kits/player';
import { FakeEventSource, stubEventSource } from '../../../test/kits/scoreboards';
import { emptyResponse, errorResponse, jsonBody, jsonResponse } from '../../../test/stub-api';
import { GameplayPage } from './gameplay-page';
import { sampleMessage } from '../../../test/samples';

// The team's messages on the game screen (issue 35, decision 0084): the feed read, then followed
// by its stream and merged by seq; the banner; 'Messaggi' and 'Scrivi all'organizzatore'.

const PATH = '/:tenantSlug/gioco/step';
const URL = `/acme/gioco/step?route=centro&game=${GAME_ID}`;
const GAME_PATH = `/api/play/acme/games/${GAME_ID}`;
const INBOX = '/api/play/acme/messages';

const inboxOf = (messages: PlayerMessage[]): PlayerInbox => ({
  messages,
  unread: messages.filter((m) => m.read_at === null).length,
});

const READ = '2026-05-04T09:00:00.000Z';

/** The JSON bodies of the POSTs to `path`. */
const bodiesTo = (api: ReturnType<typeof stubPlayApi>, path: string) =>
  requestsTo(api, 'POST', path).map(jsonBody);

/** Opens the game with the inbox `messages` (and `handlers` besides). */
function openGame(messages: PlayerMessage[], handlers: Record<string, Handler> = {}) {
  const api = stubPlayApi({
    [`GET ${GAME_PATH}`]: () => jsonResponse(200, gameOf()),
    [`GET ${GAME_PATH}/live`]: () => jsonResponse(200, gameLiveOf()),
    [`GET ${INBOX}`]: () => jsonResponse(200, inboxOf(messages)),
    [`POST ${INBOX}/read`]: () => emptyResponse(),
    [`POST ${INBOX}/received`]: () => emptyResponse(),
    ...handlers,
  });
  renderPlayerPage(PATH, <GameplayPage />, URL);
  return api;
}

/** The messages' stream once it is open (the browser's EventSource, faked). */
async function messageStream() {
  const source = await waitUntil(() => {
    const found = FakeEventSource.instances.find((s) => s.url.includes('/messages/stream'));
    if (!found) throw new Error('no messages stream yet');
    return found;
  });
  act(() => source.open());
  return {
    source,
    push: (message: PlayerMessage) => act(() => source.emit('message', message, `${message.seq}`)),
  };
}

/** Opens 'Messaggi' and answers its list items' texts. */
async function openInbox() {
  fireEvent.click(await screen.findByRole('button', { name: /^Messaggi/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Messaggi' });
  return dialog;
}

const lineTexts = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('listitem')
    .map((item) => item.querySelector('.inbox__body')?.textContent);

beforeEach(() => {
  stubEventSource();
  localStorage.clear();
});

afterEach(() => {
  unmountScreens();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the team's feed on the game screen", () => {
  it('reads the inbox, follows the stream after its highest seq, and shows each message once in seq order', async () => {
    openGame([
      sampleMessage(3, { read_at: READ }),
      sampleMessage(5, { author: 'team', read_at: READ }),
    ]);
    const { source, push } = await messageStream();
    expect(source.url).toBe(`${INBOX}/stream?after=5`);
    push(sampleMessage(8, { read_at: READ }));
    push(sampleMessage(7, { read_at: READ })); // out of order
    push(sampleMessage(8, { read_at: READ })); // twice
    push(sampleMessage(5, { author: 'team', read_at: READ })); // replayed after a reconnection
    const dialog = await openInbox();
    expect(lineTexts(dialog)).toEqual(['Messaggio 3', 'Messaggio 5', 'Messaggio 7', 'Messaggio 8']);
    const authors = within(dialog)
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.inbox__author')?.textContent);
    expect(authors).toEqual(['Organizzatore', 'Voi', 'Organizzatore', 'Organizzatore']);
  });

  it('tells the server what arrived once per burst, with the highest seq', async () => {
    useFakeClock();
    const api = openGame([sampleMessage(1, { read_at: READ })]);
    const { push } = await messageStream();
    await advanceClock(1_000);
    expect(bodiesTo(api, `${INBOX}/received`)).toEqual([{ through: 1 }]);
    push(sampleMessage(2, { read_at: READ }));
    push(sampleMessage(4, { read_at: READ }));
    push(sampleMessage(3, { read_at: READ }));
    await advanceClock(999);
    expect(bodiesTo(api, `${INBOX}/received`)).toHaveLength(1);
    await advanceClock(1);
    expect(bodiesTo(api, `${INBOX}/received`)).toEqual([{ through: 1 }, { through: 4 }]);
  });

  it('reads the inbox again every 5 s while the stream is down, and not while it is open', async () => {
    useFakeClock();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const api = openGame([]);
    const { source } = await messageStream();
    const reads = () => requestsTo(api, 'GET', INBOX).length;
    const before = reads();
    await advanceClock(15_000);
    expect(reads()).toBe(before);
    act(() => source.fail());
    await advanceClock(5_000);
    await waitUntil(() => expect(reads()).toBe(before + 1));
    await advanceClock(5_000);
    await waitUntil(() => expect(reads()).toBe(before + 2));
  });
});

describe('the banner', () => {
  it("holds a message asking for a read confirmation until 'Ho letto', which tells the server", async () => {
    const message = sampleMessage(10, {
      body: 'Ritrovo alle 18 in piazza',
      read_confirmation: true,
    });
    const api = openGame([message]);
    const banner = await screen.findByText('Ritrovo alle 18 in piazza');
    const alert = banner.closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByText('Organizzatore')).toBeTruthy();
    expect(within(alert).queryByRole('button', { name: 'Chiudi' })).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Ho letto' }));
    await waitFor(() => expect(screen.queryByText('Ritrovo alle 18 in piazza')).toBeNull());
    expect(bodiesTo(api, `${INBOX}/read`)).toEqual([{ message_ids: [message.id] }]);
  });

  it("closes any other with 'Chiudi', which marks it read too; a refused read shows it again", async () => {
    const message = sampleMessage(11, { body: 'Pioggia: coprite i telefoni' });
    let refuse = true;
    const api = openGame([message], {
      [`POST ${INBOX}/read`]: () => (refuse ? errorResponse('not_found') : emptyResponse()),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Chiudi' }));
    expect(await screen.findByText('Pioggia: coprite i telefoni')).toBeTruthy();
    refuse = false;
    fireEvent.click(await screen.findByRole('button', { name: 'Chiudi' }));
    await waitFor(() => expect(screen.queryByText('Pioggia: coprite i telefoni')).toBeNull());
    expect(bodiesTo(api, `${INBOX}/read`)).toHaveLength(2);
  });

  it('shows the newest unread message from the staff, vibrating when it arrives, never breaking', async () => {
    const vibrate = vi.fn(() => {
      throw new Error('refused');
    });
    Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
    try {
      openGame([sampleMessage(1000, { body: 'Già qui' })]);
      expect(await screen.findByText('Già qui')).toBeTruthy();
      expect(vibrate).not.toHaveBeenCalled();
      const { push } = await messageStream();
      push(sampleMessage(1001, { author: 'team', body: 'Nostra', read_at: READ }));
      push(sampleMessage(1002, { kind: 'thread', body: 'Risposta dello staff' }));
      expect(await screen.findByText('Risposta dello staff')).toBeTruthy();
      expect(screen.queryByText('Già qui')).toBeNull();
      expect(vibrate).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(navigator, 'vibrate');
    }
  });
});

describe("'Messaggi'", () => {
  it('shows the unread count; opening marks read what needs no confirmation, the rest keeps Ho letto', async () => {
    const plain = sampleMessage(20, { body: 'Semplice' });
    const confirm = sampleMessage(21, { body: 'Da confermare', read_confirmation: true });
    const api = openGame([plain, confirm, sampleMessage(22, { author: 'team', read_at: READ })]);
    expect(await screen.findByRole('button', { name: /^Messaggi\s*2 non letti$/ })).toBeTruthy();
    const dialog = await openInbox();
    await waitFor(() =>
      expect(bodiesTo(api, `${INBOX}/read`)).toEqual([{ message_ids: [plain.id] }]),
    );
    expect(screen.getByRole('button', { name: /^Messaggi\s*1 non letto$/ })).toBeTruthy();
    const line = within(dialog).getByText('Da confermare').closest('li') as HTMLElement;
    fireEvent.click(within(line).getByRole('button', { name: 'Ho letto' }));
    await waitFor(() => expect(bodiesTo(api, `${INBOX}/read`)).toHaveLength(2));
    expect(bodiesTo(api, `${INBOX}/read`)[1]).toEqual({ message_ids: [confirm.id] });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Messaggi' })).toBeTruthy());
  });

  it("says 'Nessun messaggio' for an empty feed", async () => {
    openGame([]);
    const dialog = await openInbox();
    expect(within(dialog).getByText('Nessun messaggio')).toBeTruthy();
  });

  it('shows a text as text, never as HTML, and only http(s) addresses as links', async () => {
    const body =
      '<script>alert("x")</script> <b>grassetto</b> Mappa: https://example.com/a?b=1. Non javascript:alert(1)';
    openGame([sampleMessage(30, { body, read_at: READ })]);
    const dialog = await openInbox();
    const line = within(dialog).getByRole('listitem');
    expect(line.querySelector('.inbox__body')?.textContent).toBe(body);
    expect(line.querySelector('script, b')).toBeNull();
    const links = within(line).getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('https://example.com/a?b=1');
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
  });
});

describe("'Scrivi all'organizzatore'", () => {
  it('shows a refusal in words, retries with the same action id, and shows the line once sent', async () => {
    let refuse = true;
    const line = sampleMessage(40, {
      kind: 'thread',
      author: 'team',
      body: 'Aiuto',
      read_at: READ,
    });
    const api = openGame([], {
      [`POST ${INBOX}`]: () =>
        refuse
          ? errorResponse('message_rate_limited', { retry_after_s: 42 })
          : jsonResponse(201, line),
    });
    const dialog = await openInbox();
    const field = within(dialog).getByLabelText("Scrivi all'organizzatore");
    expect(field.getAttribute('maxlength')).toBe('1000');
    fireEvent.change(field, { target: { value: 'Aiuto' } });
    expect(within(dialog).getByText('5/1000')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invia' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Troppi messaggi: puoi scrivere di nuovo tra 42 secondi',
    );
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invia' }));
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe(''));
    const sent = bodiesTo(api, INBOX) as { action_id: string; body: string }[];
    expect(sent).toHaveLength(2);
    expect(sent[0]?.body).toBe('Aiuto');
    expect(sent[1]?.action_id).toBe(sent[0]?.action_id);
    expect(lineTexts(dialog)).toEqual(['Aiuto']);
  });
});
