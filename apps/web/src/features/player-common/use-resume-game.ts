import { useMutation } from '../../lib/query';
import { useCallback } from 'react';
import { useNavigate } from '../../lib/router';
import { resumeGame } from '../../api/games';
import { errorText, serverErrorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { toasts } from '../../lib/dialogs';

/** The gameplay URL of a game (doc 2 §2). */
function gameplayPath(slug: string, routeSlug: string, gameId: string): string {
  const query = new URLSearchParams({ route: routeSlug, game: gameId });
  return `/${slug}/gioco/step?${query.toString()}`;
}

/** A game to open in the gameplay screen. */
export interface GameToPlay {
  game_id: string;
  route_slug: string;
}

/** A function that opens the gameplay screen of a game of the tenant `slug`. */
export function useGoToGameplay(slug: string): (game: GameToPlay) => void {
  const navigate = useNavigate();
  return useCallback(
    (game: GameToPlay) => void navigate(gameplayPath(slug, game.route_slug, game.game_id)),
    [navigate, slug],
  );
}

/** Resumes a paused game and opens its gameplay screen; failures are shown with an alert. */
export function useResumeGame(slug: string) {
  const { t } = useTranslation();
  const goToGameplay = useGoToGameplay(slug);
  const mutation = useMutation({
    mutationFn: (gameId: string) => resumeGame(slug, gameId),
    onSuccess: (answer) => {
      if (answer.next === 'play') goToGameplay(answer);
    },
    onError: (error) => {
      toasts.error(
        serverErrorText(error, t) ?? t('player.unexpectedError', { msg: errorText(error, t) }),
      );
    },
  });
  return {
    resume: mutation.mutate,
    resumingId: mutation.isPending ? mutation.variables : null,
  };
}
