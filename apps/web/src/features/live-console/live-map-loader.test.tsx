import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { consoleOf, LAGO, LIVE_NOW, teamOf } from '../../test/kits/live';
import { TENANT } from '../../test/kits/player';
import { stubEventSource, stubFetchByUrl } from '../../test/kits/scoreboards';
import { renderInRouter } from '../../test/render-in-router';
import { sampleRoute } from '../../test/samples';
import { ConsoleHarness } from './console-harness';
import { LiveMapPanel } from './live-map-loader';

// The map stands in for itself: what matters here is when the console asks for its code.
vi.mock('./live-map-loader', () => ({
  LiveMapPanel: Object.assign(() => <p>La mappa</p>, { preload: vi.fn(() => Promise.resolve()) }),
}));

/** The console of acme, whose one route asks for positions or not. */
function openConsole(locationSharing: boolean) {
  stubFetchByUrl((url) => {
    if (url.pathname === '/api/public/tenants/acme') return Response.json(TENANT);
    if (url.pathname === '/api/tenants/acme/routes') {
      return Response.json({
        routes: [
          sampleRoute({
            id: LAGO.id,
            slug: 'lago',
            title: LAGO.title,
            location_sharing: locationSharing,
          }),
        ],
      });
    }
    if (url.pathname === '/api/tenants/acme/live') {
      return Response.json(consoleOf({ teams: [teamOf({})], activity: [] }));
    }
    return undefined;
  });
  renderInRouter(
    [
      {
        path: '/:tenantSlug/live',
        element: <ConsoleHarness routeId={null} />,
      },
    ],
    '/acme/live',
  );
}

beforeEach(() => {
  stubEventSource();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(LIVE_NOW);
  vi.mocked(LiveMapPanel.preload).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("LiveConsole, the map's code", () => {
  it('is fetched with the console when a route asks for positions, before Mappa opens', async () => {
    openConsole(true);
    expect(await screen.findByRole('table', { name: 'Squadre' })).toBeTruthy();
    await waitFor(() => expect(LiveMapPanel.preload).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('tab', { name: 'Mappa' }).getAttribute('aria-selected')).toBe('false');
  });

  it('waits for Mappa when no route asks for positions', async () => {
    openConsole(false);
    // The routes are read (the filter offers LAGO) and the teams drawn: the console has settled.
    await screen.findByRole('option', { name: LAGO.title });
    expect(await screen.findByRole('table', { name: 'Squadre' })).toBeTruthy();
    expect(LiveMapPanel.preload).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('tab', { name: 'Mappa' }));
    expect(await screen.findByText('La mappa')).toBeTruthy();
  });
});
