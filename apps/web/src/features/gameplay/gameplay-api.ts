import type { GameState, SubmitAnswerRequest, SubmitResult } from '@tappa/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** The path of a game's API call of the tenant `slug` (`rest` is empty or starts with a slash). */
export function gameApiPath(slug: string, gameId: string, rest = ''): string {
  return `/api/play/${encodeURIComponent(slug)}/games/${encodeURIComponent(gameId)}${rest}`;
}

/** The game's state as the server decides it (`GET /games/{id}`), loaded once per screen. */
export function useGameState(slug: string, gameId: string) {
  return useQuery({
    queryKey: ['play', slug, 'game', gameId] as const,
    queryFn: ({ signal }) => apiRequest<GameState>(gameApiPath(slug, gameId), { signal }),
    staleTime: Infinity,
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

/** `POST …/pause`: stops the game, keeping its progress. */
export async function pauseGame(slug: string, gameId: string): Promise<void> {
  await apiRequest<undefined>(gameApiPath(slug, gameId, '/pause'), { method: 'POST' });
}
