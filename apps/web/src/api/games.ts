import type {
  GameState,
  StartRouteResponse,
  SubmitAnswerRequest,
  SubmitResult,
} from '@tappa/contracts';
import { apiPath, apiRequest } from '../lib/api-client';
import { queryOptions, useQuery } from '../lib/query';

/** Query keys of the games a team plays (the phone's query cache, `lib/query`). */
export const gameKeys = {
  /** The state of one game. */
  detail: (slug: string, gameId: string) => ['play', slug, 'game', gameId] as const,
};

/** URL of a game of the tenant `slug`, or of one of its actions (`rest`). */
export function gamePath(slug: string, gameId: string, ...rest: string[]): string {
  return apiPath('play', slug, 'games', gameId, ...rest);
}

/** `GET /api/play/{slug}/games/{gameId}`: the game's state as the server decides it. */
export function fetchGameState(
  slug: string,
  gameId: string,
  signal?: AbortSignal,
): Promise<GameState> {
  return apiRequest<GameState>(gamePath(slug, gameId), { signal });
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
  const path = gamePath(slug, gameId, 'steps', stepId, 'submit');
  return apiRequest<SubmitResult>(path, { method: 'POST', body });
}

/** `POST …/steps/{stepId}/skip`: skips a step of a progressive route. */
export function skipStep(
  slug: string,
  gameId: string,
  stepId: string,
  submissionId: string,
): Promise<SubmitResult> {
  const path = gamePath(slug, gameId, 'steps', stepId, 'skip');
  return apiRequest<SubmitResult>(path, { method: 'POST', body: { submission_id: submissionId } });
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
  await apiRequest<undefined>(gamePath(slug, gameId, 'pause'), { method: 'POST', ...opts });
}

/** `POST …/resume`: sets a paused game of the team active again. */
export function resumeGame(slug: string, gameId: string): Promise<StartRouteResponse> {
  return apiRequest<StartRouteResponse>(gamePath(slug, gameId, 'resume'), { method: 'POST' });
}
