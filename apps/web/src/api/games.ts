import {
  games,
  type GameState,
  type StartRouteResponse,
  type SubmitAnswerRequest,
  type SubmitResult,
} from '@tappa/contracts';
import { apiCall } from '../lib/api-client';
import { queryOptions, useQuery } from '../lib/query';

/** Query keys of the games a team plays (the phone's query cache, `lib/query`). */
export const gameKeys = {
  /** The state of one game. */
  detail: (slug: string, gameId: string) => ['play', slug, 'game', gameId] as const,
};

/** `games.state`: the game's state as the server decides it. */
export function fetchGameState(
  slug: string,
  gameId: string,
  signal?: AbortSignal,
): Promise<GameState> {
  return apiCall(games.state, { params: { slug, gameId }, signal });
}

/**
 * The game state query, loaded once per visit of the screen: forgotten when the screen goes, so
 * a resumed game opens where the server says it is.
 */
export function gameStateQueryOptions(slug: string, gameId: string) {
  return queryOptions({
    queryKey: gameKeys.detail(slug, gameId),
    queryFn: ({ signal }) => fetchGameState(slug, gameId, signal),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** The game's state as the server decides it, loaded once per visit of the game screen. */
export function useGameState(slug: string, gameId: string) {
  return useQuery(gameStateQueryOptions(slug, gameId));
}

/** `POST …/steps/{stepId}/submit`: one try at a step. */
export function submitStep(
  slug: string,
  gameId: string,
  stepId: string,
  body: SubmitAnswerRequest,
): Promise<SubmitResult> {
  return apiCall(games.submit, { params: { slug, gameId, stepId }, body });
}

/** `POST …/steps/{stepId}/skip`: skips a step of a progressive route. */
export function skipStep(
  slug: string,
  gameId: string,
  stepId: string,
  submissionId: string,
): Promise<SubmitResult> {
  const body = { submission_id: submissionId };
  return apiCall(games.skip, { params: { slug, gameId, stepId }, body });
}

/**
 * `POST …/pause`: stops the game, keeping its progress. `keepalive` while the page goes away: the
 * request outlives the page, like a beacon, and unlike `sendBeacon` it carries the CSRF header.
 */
export async function pauseGame(
  slug: string,
  gameId: string,
  opts: { keepalive?: boolean } = {},
): Promise<void> {
  await apiCall(games.pause, { params: { slug, gameId }, ...opts });
}

/** `POST …/resume`: sets a paused game of the team active again. */
export function resumeGame(slug: string, gameId: string): Promise<StartRouteResponse> {
  return apiCall(games.resume, { params: { slug, gameId } });
}
