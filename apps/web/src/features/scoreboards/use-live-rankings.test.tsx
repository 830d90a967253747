import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryStore } from '../../lib/query';
import {
  CENTRO,
  FakeEventSource,
  rankingsOf,
  rowOf,
  stubEventSource,
} from '../../test/kits/scoreboards';
import { STREAM_RETRY_MS } from '../../lib/live-stream';
import { useLiveRankings } from './use-live-rankings';

const PATH = '/api/public/tenants/acme/scoreboard';
const FIRST = rankingsOf({ overall: [rowOf(1)] });
const PUSHED = rankingsOf({
  overall: [rowOf(1, { team_name: 'Pushed' })],
  computed_at: '2025-05-04T10:31:00.000Z',
});

/** Stubs fetch: every rankings call answers `FIRST`; returns the mock. */
function stubRankings() {
  const mock = vi.fn<typeof fetch>(async () => Response.json(FIRST));
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The URLs of the rankings calls a stub received. */
function rankingCalls(mock: ReturnType<typeof stubRankings>): string[] {
  return mock.mock.calls
    .map(([input]) => (typeof input === 'string' ? input : 'not a string'))
    .filter((url) => url.startsWith(PATH));
}

/** Renders the hook for the acme tenant and `route` (the query cache is emptied after each test). */
function renderLive(route: string | null = null) {
  return renderHook(({ routeSlug }) => useLiveRankings('acme', routeSlug), {
    initialProps: { routeSlug: route },
  });
}

/** Advances fake time by `ms` and lets the fetches it triggers settle. */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

beforeEach(() => {
  stubEventSource();
});

describe('useLiveRankings', () => {
  it('loads the rankings, then a rankings event replaces them without a refetch', async () => {
    const api = stubRankings();
    const { result } = renderLive();
    await waitFor(() => expect(result.current.rankings).toEqual(FIRST));
    const source = FakeEventSource.latest();
    expect(source.url).toBe(`${PATH}/stream`);

    act(() => source.open());
    expect(result.current.isLive).toBe(true);
    act(() => source.emit('rankings', PUSHED));
    await waitFor(() => expect(result.current.rankings).toEqual(PUSHED));
    expect(rankingCalls(api)).toEqual([PATH]);
  });

  it('ignores a pushed ranking older than the one shown', async () => {
    stubRankings();
    const { result } = renderLive();
    await waitFor(() => expect(result.current.rankings).toEqual(FIRST));
    const stale = rankingsOf({ overall: [], computed_at: '2025-05-04T10:29:00.000Z' });
    act(() => FakeEventSource.latest().emit('rankings', stale));
    expect(queryStore.getQueryData(['scoreboard', 'acme', 'rankings', null])).toEqual(FIRST);
    act(() => FakeEventSource.latest().emit('rankings', PUSHED));
    expect(queryStore.getQueryData(['scoreboard', 'acme', 'rankings', null])).toEqual(PUSHED);
  });

  it('polls every 5 s while the stream is broken and stops once it reopens', async () => {
    vi.useFakeTimers();
    const api = stubRankings();
    const { result } = renderLive();
    await advance(0);
    expect(rankingCalls(api)).toHaveLength(1);
    const source = FakeEventSource.latest();

    act(() => source.fail());
    expect(result.current.isLive).toBe(false);
    await advance(4_999);
    expect(rankingCalls(api)).toHaveLength(1);
    await advance(1);
    expect(rankingCalls(api)).toHaveLength(2);
    await advance(5_000);
    expect(rankingCalls(api)).toHaveLength(3);

    act(() => source.open());
    await advance(20_000);
    expect(rankingCalls(api)).toHaveLength(3);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('polls every 5 s without EventSource', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', undefined);
    const api = stubRankings();
    const { result } = renderLive();
    await advance(10_000);
    expect(rankingCalls(api)).toHaveLength(3);
    expect(result.current.isLive).toBe(false);
  });

  it('opens a new stream some time after the server closed it for good', async () => {
    vi.useFakeTimers();
    stubRankings();
    const { result } = renderLive();
    await advance(0);
    const first = FakeEventSource.latest();
    act(() => first.fail('closed'));
    await advance(STREAM_RETRY_MS - 1);
    expect(FakeEventSource.instances).toHaveLength(1);
    await advance(1);
    expect(FakeEventSource.instances).toHaveLength(2);
    act(() => FakeEventSource.latest().open());
    expect(result.current.isLive).toBe(true);
  });

  it('replaces the stream when the route filter changes and closes it on unmount', async () => {
    const api = stubRankings();
    const { rerender, unmount } = renderLive();
    const all = FakeEventSource.latest();
    rerender({ routeSlug: CENTRO.slug });
    const centro = FakeEventSource.latest();
    expect(all.readyState).toBe(FakeEventSource.CLOSED);
    expect(centro.url).toBe(`${PATH}/stream?route=centro`);
    await waitFor(() => expect(rankingCalls(api)).toContain(`${PATH}?route=centro`));

    unmount();
    expect(centro.readyState).toBe(FakeEventSource.CLOSED);
    expect(FakeEventSource.instances).toHaveLength(2);
  });
});
