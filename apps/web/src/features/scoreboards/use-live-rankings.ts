import { RANKINGS_EVENT, SCOREBOARD_REFRESH_MS } from '@tappa/contracts';
import type { Rankings } from '@tappa/contracts';
import { useEffect } from 'react';
import { fetchRankings, rankingsStreamPath, scoreboardKeys } from '../../api/scoreboards';
import { useLiveStream } from '../../lib/live-stream';
import { queryStore, useQuery } from '../../lib/query';

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
 * The rankings of a tenant (or of one of its routes), kept fresh by the server's event stream
 * (`lib/live-stream`); while the stream is missing or broken they are refetched every
 * SCOREBOARD_REFRESH_MS, and push takes over again once the stream reopens.
 */
export function useLiveRankings(slug: string, routeSlug: string | null): LiveRankings {
  const isLive = useLiveStream<Rankings>({
    url: rankingsStreamPath(slug, routeSlug),
    event: RANKINGS_EVENT,
    queryKey: scoreboardKeys.rankings(slug, routeSlug),
    merge: newerOf,
    label: 'scoreboard',
  });

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
