import type { ReviewSummary, Wall, WallPhoto } from '@tappa/contracts';
import type { Role } from '@tappa/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialogs, toasts } from '../../../lib/dialogs';
import { LAGO } from '../../../test/kits/live';
import { calledUrls, FakeEventSource, stubEventSource } from '../../../test/kits/scoreboards';
import { renderInRouter } from '../../../test/render-in-router';
import { errorResponse, pathOf, sessionOf, sessionTenant } from '../../../test/stub-api';
import { PhotoWallPage } from './photo-wall-page';

// The photo wall (issue 34, decision 0083): a route's approved photos, pushed by its stream,
// newest first; 'Nascondi' for the staff only.

const REVIEW = '/api/tenants/acme/review';
const MONTI = { id: '22222222-2222-4222-8222-222222222222', title: 'Giro dei Monti' };

/** A photo of 'I Gufi' at step 1 unless told. */
function photoOf(overrides: Partial<WallPhoto> = {}): WallPhoto {
  const itemId = overrides.item_id ?? 'item-1';
  return {
    item_id: itemId,
    team_name: 'I Gufi',
    place: 'Fontana',
    step_number: 1,
    photo_url: `${REVIEW}/items/${itemId}/photo?size=phone`,
    approved_at: '2026-05-01T10:00:00.000Z',
    ...overrides,
  };
}

const wallOf = (photos: WallPhoto[]): Wall => ({ route: LAGO, photos });

/** The summary's routes: LAGO unless told. */
function summaryOf(routes: { id: string; title: string }[] = [LAGO]): ReviewSummary {
  return {
    pending: 0,
    routes: routes.map(({ id, title }) => ({ id, title, pending: 0, steps: [] })),
  };
}

/** Opens the wall at `url` for a user of `role` in acme; the wall's read answers `wall`. */
function openWall(
  options: {
    url?: string;
    role?: Role;
    wall?: Wall | Promise<Wall>;
    routes?: { id: string; title: string }[];
  } = {},
) {
  const session = sessionOf(options.role ?? 'tenant_admin', [
    sessionTenant('acme', options.role ?? 'tenant_admin'),
  ]);
  const api = vi.fn<typeof fetch>(async (input, init) => {
    const path = pathOf(input);
    const method = init?.method ?? 'GET';
    if (path === '/api/session') return Response.json(session);
    if (path === REVIEW) return Response.json(summaryOf(options.routes));
    if (path === `${REVIEW}/wall` && method === 'GET') {
      return Response.json(await (options.wall ?? wallOf([])));
    }
    if (path === `${REVIEW}/wall/item-2` && method === 'DELETE') {
      return Response.json(wallOf([photoOf()]));
    }
    return errorResponse('not_found');
  });
  vi.stubGlobal('fetch', api);
  const router = renderInRouter(
    [{ path: '/:tenantSlug/live/wall', element: <PhotoWallPage /> }],
    options.url ?? '/acme/live/wall',
  );
  return { api, router };
}

/** The captions of the photos on the wall, in order. */
function captions(): string[] {
  return screen
    .getAllByRole('figure')
    .map((figure) => figure.querySelector('figcaption')?.textContent ?? '');
}

let success: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  stubEventSource();
  success = vi.spyOn(toasts, 'success').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('PhotoWallPage', () => {
  it("shows the route's wall, then each pushed wall in its order, newest first", async () => {
    const { api } = openWall({ wall: wallOf([photoOf()]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Muro foto' })).toBeTruthy();
    // The one route with review is shown at once.
    await waitFor(() => expect(captions()).toEqual(['I GufiFontana']));
    expect(calledUrls(api)).toContain(`${REVIEW}/wall?route=${LAGO.id}`);
    const source = FakeEventSource.latest();
    expect(source.url).toBe(`${REVIEW}/wall/stream?route=${LAGO.id}`);

    act(() => source.open());
    act(() =>
      source.emit(
        'wall',
        wallOf([
          photoOf({ item_id: 'item-2', team_name: 'Le Volpi', place: 'Torre', step_number: 3 }),
          photoOf(),
        ]),
      ),
    );
    await waitFor(() => expect(captions()).toEqual(['Le VolpiTorre', 'I GufiFontana']));
    const image = screen.getByRole('img', { name: 'Foto di Le Volpi, tappa 3: Torre' });
    expect(image.getAttribute('src')).toBe(`${REVIEW}/items/item-2/photo?size=phone`);
    expect(screen.getByText('In diretta')).toBeTruthy();

    act(() =>
      source.emit(
        'wall',
        wallOf([
          photoOf({ item_id: 'item-3', team_name: 'Gli Orsi', place: 'Ponte' }),
          photoOf({ item_id: 'item-2', team_name: 'Le Volpi', place: 'Torre' }),
          photoOf(),
        ]),
      ),
    );
    await waitFor(() =>
      expect(captions()).toEqual(['Gli OrsiPonte', 'Le VolpiTorre', 'I GufiFontana']),
    );
  });

  it('asks for a route when the tenant has several, and follows the one chosen', async () => {
    const { api, router } = openWall({ routes: [LAGO, MONTI] });
    const select = await screen.findByRole('combobox', { name: 'Percorso' });
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(3));
    expect(screen.getByText('Scegli un percorso', { selector: 'p' })).toBeTruthy();
    expect(FakeEventSource.instances).toHaveLength(0);

    fireEvent.change(select, { target: { value: MONTI.id } });
    expect(router.state.location.search).toBe(`?route=${MONTI.id}`);
    expect(await screen.findByText('Le foto approvate appariranno qui')).toBeTruthy();
    expect(FakeEventSource.latest().url).toBe(`${REVIEW}/wall/stream?route=${MONTI.id}`);
    expect(calledUrls(api)).toContain(`${REVIEW}/wall?route=${MONTI.id}`);
  });

  it("shows a judge the photos without 'Nascondi'", async () => {
    openWall({ role: 'judge', wall: wallOf([photoOf()]) });
    await waitFor(() => expect(captions()).toEqual(['I GufiFontana']));
    expect(screen.queryByRole('button', { name: /Nascondi/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Indietro' }).getAttribute('href')).toBe(
      '/acme/live/review',
    );
  });

  it("lets the staff hide a photo after a confirmation: the answer is the wall's new state", async () => {
    const confirm = vi.spyOn(dialogs, 'confirm');
    confirm.mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    const volpi = photoOf({ item_id: 'item-2', team_name: 'Le Volpi', place: 'Torre' });
    const { api } = openWall({ wall: wallOf([volpi, photoOf()]) });
    const hide = await screen.findByRole('button', {
      name: 'Nascondi la foto di Le Volpi (Torre)',
    });
    expect(hide.textContent).toBe('Nascondi');
    expect(screen.getByRole('link', { name: 'Indietro' }).getAttribute('href')).toBe('/acme/live');

    fireEvent.click(hide);
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(confirm).toHaveBeenCalledWith('Togliere dal muro la foto di Le Volpi (Torre)?');
    expect(api.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    fireEvent.click(hide);
    await waitFor(() => expect(captions()).toEqual(['I GufiFontana']));
    const deletes = api.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes.map(([input]) => pathOf(input))).toEqual([`${REVIEW}/wall/item-2`]);
    expect(success).toHaveBeenCalledWith('Foto tolta dal muro');
  });

  it('keeps a pushed wall that overtook the first read', async () => {
    let answerRead: (wall: Wall) => void = () => undefined;
    const read = new Promise<Wall>((resolve) => (answerRead = resolve));
    const { api } = openWall({ wall: read });
    await waitFor(() => expect(calledUrls(api)).toContain(`${REVIEW}/wall?route=${LAGO.id}`));
    const source = FakeEventSource.latest();
    act(() => source.open());
    const volpi = photoOf({ item_id: 'item-2', team_name: 'Le Volpi', place: 'Torre' });
    act(() => source.emit('wall', wallOf([volpi, photoOf()])));
    await act(async () => answerRead(wallOf([photoOf()])));
    await waitFor(() => expect(captions()).toEqual(['Le VolpiTorre', 'I GufiFontana']));
  });

  it("fills the screen on 'Schermo intero' where the browser offers it", async () => {
    const request = vi.fn(async () => undefined);
    Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
    Object.defineProperty(document.documentElement, 'requestFullscreen', {
      configurable: true,
      value: request,
    });
    try {
      openWall();
      fireEvent.click(await screen.findByRole('button', { name: 'Schermo intero' }));
      expect(request).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(document, 'fullscreenEnabled');
      Reflect.deleteProperty(document.documentElement, 'requestFullscreen');
    }
  });
});
