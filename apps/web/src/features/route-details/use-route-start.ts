import type { StartRouteResponse } from '@tappa/contracts';
import { useMutation } from '../../lib/query';
import { useState } from 'react';
import { useNavigate } from '../../lib/router';
import { startRoute } from '../../api/player-routes';
import { errorText, serverErrorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { toasts } from '../../lib/dialogs';

/** The answer that opens the gameplay screen. */
export type PlayAnswer = Extract<StartRouteResponse, { next: 'play' }>;

/** Options of `useRouteStart`: the tenant and what opens the gameplay screen. */
export interface RouteStartOptions {
  slug: string;
  onPlay: (answer: PlayAnswer) => void;
  /** An access code already at hand (a code card's QR), carried to the payment page too. */
  code?: string;
}

/**
 * 'Seleziona questo percorso': starts (or resumes) the route's game; a code route opens the
 * access-code dialog (`codeRoute`), a paid one leads to payment; refusals are alerts.
 */
export function useRouteStart({ slug, onPlay, code = '' }: RouteStartOptions) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [codeRoute, setCodeRoute] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (routeSlug: string) => startRoute(slug, routeSlug),
    onSuccess: (answer, routeSlug) => {
      switch (answer.next) {
        case 'play':
          onPlay(answer);
          break;
        case 'code':
          setCodeRoute(routeSlug);
          break;
        case 'payment': {
          const search = code ? `?${new URLSearchParams({ code })}` : '';
          void navigate(`/${slug}/${encodeURIComponent(routeSlug)}/payment${search}`);
          break;
        }
      }
    },
    onError: (error) => {
      toasts.error(
        serverErrorText(error, t) ?? t('player.unexpectedError', { msg: errorText(error, t) }),
      );
    },
  });
  return {
    start: mutation.mutate,
    /** The route being started, whose button waits. */
    startingSlug: mutation.isPending ? mutation.variables : null,
    /** The route whose access code is asked for, if any. */
    codeRoute,
    closeCode: () => setCodeRoute(null),
  };
}
