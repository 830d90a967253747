import { useEffect } from 'react';
import { matchPath } from '../lib/router';
import { hasWaitingAnswers } from '../features/gameplay/offline/waiting-flag';
import { APP_ROUTES } from './route-list';

/** The game screen's paths: it sends its own game's queue, and shows what became of it. */
const GAME_SCREENS = APP_ROUTES.filter((route) => route.name === 'Gameplay').map((r) => r.path);

/**
 * Sends the answers made offline from any page but the game screen, on opening and whenever the
 * phone is back online (decision 0037): a team that left the game screen, or reopened the app
 * elsewhere, still has them scored. The sending code is the game screen's (its chunk, loaded
 * only when something waits).
 */
export function useWaitingAnswers(pathname: string): void {
  useEffect(() => {
    if (GAME_SCREENS.some((path) => matchPath(path, pathname))) return;
    const send = () => {
      if (!hasWaitingAnswers() || navigator.onLine === false) return;
      void import('./pages/player/gameplay-page').then(({ sendWaiting }) => sendWaiting());
    };
    send();
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  }, [pathname]);
}
