import { useEffect } from 'react';
import { useLocation } from '../../lib/router';
import { guardNavigation } from '../../lib/guarded-history';

/**
 * While `active`, warns before the page is left: the browser's own prompt on reload, close or
 * an outside link (beforeunload, which no page can restyle), and the app's own confirmation of
 * `message` on a move to another page of the app (a change of the query alone stays on the page).
 */
export function useLeaveWarning(active: boolean, message: string): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!active) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    const unguard = guardNavigation((next) => (next === pathname ? null : message));
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      unguard();
    };
  }, [active, message, pathname]);
}
