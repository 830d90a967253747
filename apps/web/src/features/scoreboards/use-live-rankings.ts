import { RANKINGS_EVENT, SCOREBOARD_REFRESH_MS } from '@tappa/contracts';
import type { Rankings } from '@tappa/contracts';
import { queryStore, useQuery } from '../../lib/query';
import { useEffect, useState } from 'react';
import { fetchRankings, rankingsStreamPath, scoreboardKeys } from '../../api/scoreboards';

/** How long to wait before opening a new stream after the server ended one for good. */
export const STREAM_RETRY_MS = 30_000;

/** What `useLiveRankings` gives a board. */
export interface LiveRankings {
  /** The latest rankings; undefined until the first answer (or when the first load failed). */
  rankings: Rankings | undefined;
  /** True while the first load is in flight. */
  isPending: boolean;
  /** True while the push stream is open; otherwise the board refreshes every 5 s. */
  isLive: boolean;
}

/** The newer of two rankings by `computed_at` (the first one when either is missing). */
function newerOf(current: Rankings | undefined, next: Rankings): Rankings {
  if (!current) return next;
  return Date.parse(current.computed_at) > Date.parse(next.computed_at) ? current : next;
}

/**
 * The rankings of a tenant (or of one of its routes), kept fresh by the server's event stream;
 * while the stream is missing or broken they are refetched every SCOREBOARD_REFRESH_MS, and push
 * takes over again once the stream reopens. One stream per mounted board.
 */
export function useLiveRankings(slug: string, routeSlug: string | null): LiveRankings {
  const streamPath = rankingsStreamPath(slug, routeSlug);
  // The stream that is open now: a stale value never counts for another filter.
  const [openPath, setOpenPath] = useState<string | null>(null);
  const isLive = openPath === streamPath;

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const key = scoreboardKeys.rankings(slug, routeSlug);
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const markClosed = () => setOpenPath((open) => (open === streamPath ? null : open));

    const handleRankings = (event: MessageEvent<string>) => {
      try {
        const pushed = JSON.parse(event.data) as Rankings;
        queryStore.setQueryData<Rankings>(key, (current) => newerOf(current, pushed));
      } catch (error) {
        console.error('Unreadable scoreboard event', error);
      }
    };
    const connect = () => {
      const opened = new EventSource(streamPath);
      source = opened;
      opened.addEventListener('open', () => setOpenPath(streamPath));
      opened.addEventListener(RANKINGS_EVENT, handleRankings);
      opened.addEventListener('error', () => {
        markClosed();
        // CONNECTING: the browser retries by itself. CLOSED (e.g. an error answer): it gave up.
        if (opened.readyState !== EventSource.CLOSED) return;
        opened.close();
        retry = setTimeout(connect, STREAM_RETRY_MS);
      });
    };

    connect();
    return () => {
      clearTimeout(retry);
      source?.close();
      markClosed();
    };
  }, [slug, routeSlug, streamPath]);

  const query = useQuery({
    queryKey: scoreboardKeys.rankings(slug, routeSlug),
    queryFn: async ({ signal }) => {
      const fetched = await fetchRankings(slug, routeSlug, signal);
      // A push may have landed while this request was in flight: keep the newer rankings.
      return newerOf(
        queryStore.getQueryData<Rankings>(scoreboardKeys.rankings(slug, routeSlug)),
        fetched,
      );
    },
    refetchInterval: isLive ? false : SCOREBOARD_REFRESH_MS,
    staleTime: SCOREBOARD_REFRESH_MS,
  });

  // Doc 2 §8: failed scoreboard loads are only logged; the board keeps what it showed.
  useEffect(() => {
    if (query.error) console.error('Scoreboard load failed', query.error);
  }, [query.error]);

  return { rankings: query.data, isPending: query.isPending, isLive };
}
