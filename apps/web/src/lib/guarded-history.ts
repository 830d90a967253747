import { NavigationType, UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';
import type { To } from 'react-router';

/** The browser history the app's router runs on. */
export type AppHistory = ReturnType<typeof createBrowserHistory>;

/** Asks about a move to `nextPathname`: the question to confirm, or null to let it pass. */
export type LeaveCheck = (nextPathname: string) => string | null;

const checks = new Set<LeaveCheck>();

/**
 * Puts `check` in front of every move inside the app (links, `navigate`, back and forward) until
 * the returned function is called. The declarative router has no blocker of its own.
 */
export function guardNavigation(check: LeaveCheck): () => void {
  checks.add(check);
  return () => void checks.delete(check);
}

/** Whether every check lets the app move to `pathname` (asking the user where one wants to). */
function mayMoveTo(pathname: string): boolean {
  for (const check of checks) {
    const question = check(pathname);
    if (question !== null && !window.confirm(question)) return false;
  }
  return true;
}

function pathnameOf(to: To): string {
  if (typeof to === 'string') return new URL(to, window.location.href).pathname;
  return to.pathname ?? window.location.pathname;
}

/**
 * The browser's history with the leave checks applied: a refused push or replace does not
 * happen, and a refused back or forward is undone before the router hears of it.
 */
export function createGuardedHistory(): AppHistory {
  const history = createBrowserHistory({ v5Compat: true });
  let undoing = false;
  return {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: (to) => history.createHref(to),
    createURL: (to) => history.createURL(to),
    encodeLocation: (to) => history.encodeLocation(to),
    go: (delta) => history.go(delta),
    push: (to, state) => {
      if (mayMoveTo(pathnameOf(to))) history.push(to, state);
    },
    replace: (to, state) => {
      if (mayMoveTo(pathnameOf(to))) history.replace(to, state);
    },
    listen: (listener) =>
      history.listen((update) => {
        // The step back to where the user chose to stay: the router never left it.
        if (undoing) {
          undoing = false;
          return;
        }
        const { action, delta, location } = update;
        if (action === NavigationType.Pop && delta !== null && !mayMoveTo(location.pathname)) {
          undoing = true;
          history.go(-delta);
          return;
        }
        listener(update);
      }),
  };
}
