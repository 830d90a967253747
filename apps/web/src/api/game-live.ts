import {
  GAME_LIVE_EVENT,
  gameLive,
  SCOREBOARD_REFRESH_MS,
  urlOf,
  type GameLive,
} from '@tappa/contracts';
import { apiCall } from '../lib/api-client';
import { useLiveStream } from '../lib/live-stream';
import { queryStore, useQuery } from '../lib/query';

/** Query keys of what a team's phone follows of staff actions (the phone's cache, `lib/query`). */
export const gameLiveKeys = {
  /** The game's live state. */
  live: (slug: string, gameId: string) => ['play', slug, 'game-live', gameId] as const,
  /** The team's own ledger ('Perché questi punti'). */
  ledger: (slug: string, gameId: string) => ['play', slug, 'game-ledger', gameId] as const,
};

/**
 * The game's live state, pushed by `gameLive.stream` (read every SCOREBOARD_REFRESH_MS while the
 * stream is down): a pushed value replaces the one held.
 */
export function useGameLive(slug: string, gameId: string) {
  const key = gameLiveKeys.live(slug, gameId);
  const isLive = useLiveStream<GameLive>({
    url: urlOf(gameLive.stream, { slug, gameId }),
    event: GAME_LIVE_EVENT,
    queryKey: key,
    merge: (_current, pushed) => pushed,
    label: 'game',
  });
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => apiCall(gameLive.read, { params: { slug, gameId }, signal }),
    refetchInterval: isLive ? false : SCOREBOARD_REFRESH_MS,
    staleTime: SCOREBOARD_REFRESH_MS,
  });
}

/** The team's own ledger, oldest first; idle without a game id. */
export function useTeamLedger(slug: string, gameId: string | null) {
  return useQuery({
    queryKey: gameLiveKeys.ledger(slug, gameId ?? ''),
    queryFn: ({ signal }) =>
      apiCall(gameLive.ledger, { params: { slug, gameId: gameId ?? '' }, signal }),
    enabled: gameId !== null,
    staleTime: 0,
  });
}

/** Reads the game's state again (after a staff action changed it). */
export function refetchGame(gameKey: readonly unknown[]): Promise<void> {
  return queryStore.invalidateQueries({ queryKey: gameKey });
}
