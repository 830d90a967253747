import type { GameState, SubmitAnswerRequest, SubmitResult } from '@tappa/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** The path of a game's API call of the tenant `slug` (`rest` is empty or starts with a slash). */
export function gameApiPath(slug: string, gameId: string, rest = ''): string {
  return `/api/play/${encodeURIComponent(slug)}/games/${encodeURIComponent(gameId)}${rest}`;
}

/**
 * The game's state as the server decides it (`GET /games/{id}`), loaded once per visit of the
 * screen: forgotten when the screen goes, so a resumed game opens where the server says it is.
 */
export function useGameState(slug: string, gameId: string) {
  return useQuery({
    queryKey: ['play', slug, 'game', gameId] as const,
    queryFn: ({ signal }) => apiRequest<GameState>(gameApiPath(slug, gameId), { signal }),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** `POST …/steps/{stepId}/submit`: one try at a step. */
export function submitStep(
  slug: string,
  gameId: string,
  stepId: string,
  body: SubmitAnswerRequest,
): Promise<SubmitResult> {
  const path = gameApiPath(slug, gameId, `/steps/${encodeURIComponent(stepId)}/submit`);
  return apiRequest<SubmitResult>(path, { method: 'POST', body });
}

/** `POST …/steps/{stepId}/skip`: skips a step of a progressive route. */
export function skipStep(
  slug: string,
  gameId: string,
  stepId: string,
  submissionId: string,
): Promise<SubmitResult> {
  const path = gameApiPath(slug, gameId, `/steps/${encodeURIComponent(stepId)}/skip`);
  return apiRequest<SubmitResult>(path, { method: 'POST', body: { submission_id: submissionId } });
}

/** `POST …/pause`: stops the game, keeping its progress (`keepalive`: while the page goes away). */
export async function pauseGame(
  slug: string,
  gameId: string,
  opts: { keepalive?: boolean } = {},
): Promise<void> {
  await apiRequest<undefined>(gameApiPath(slug, gameId, '/pause'), { method: 'POST', ...opts });
}

/** `POST …/steps/{stepId}/photo`: uploads the step's photo; answers the stored photo's URL. */
export async function uploadStepPhoto(
  slug: string,
  gameId: string,
  stepId: string,
  photo: File,
): Promise<string> {
  const body = new FormData();
  body.append('photo', photo, photo.name);
  const path = gameApiPath(slug, gameId, `/steps/${encodeURIComponent(stepId)}/photo`);
  const { photo_url } = await apiRequest<{ photo_url: string }>(path, { method: 'POST', body });
  return photo_url;
}

/**
 * Marks the game paused while the page goes away (doc 2 §4): a keep-alive request outlives the
 * page, like a beacon, and unlike `sendBeacon` it can carry the CSRF header. Failures are moot.
 */
export function pauseOnLeave(slug: string, gameId: string): void {
  pauseGame(slug, gameId, { keepalive: true }).catch(() => undefined);
}
