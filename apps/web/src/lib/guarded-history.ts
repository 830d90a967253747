import { createBrowserHistory, listenersOf } from './router';
import type { AppHistory, HistoryUpdate } from './router';

/** Asks about a move to `nextPathname`: the question to confirm, or null to let it pass. */
export type LeaveCheck = (nextPathname: string) => string | null;

const checks = new Set<LeaveCheck>();

/**
 * Puts `check` in front of every move inside the app (links, `navigate`, back and forward) until
 * the returned function is called.
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

const pathnameOf = (to: string): string => new URL(to, window.location.href).pathname;

/**
 * The browser's history with the leave checks applied: a refused push or replace does not
 * happen, and a refused back or forward is undone before the router hears of it (its location
 * stays the one the router shows meanwhile).
 */
export function createGuardedHistory(): AppHistory {
  const history = createBrowserHistory();
  // What the router was told last, while it listens; else the browser's.
  let shown: Pick<HistoryUpdate, 'action' | 'location'> | null = null;
  let undoing = false;
  const listeners = listenersOf(() => {
    shown = { action: history.action, location: history.location };
    const stop = history.listen(handleMove);
    return () => {
      stop();
      shown = null;
    };
  });
  const handleMove = (update: HistoryUpdate) => {
    // The step back to where the user chose to stay: the router never left it.
    if (undoing) {
      undoing = false;
      return;
    }
    if (update.action === 'POP' && update.delta !== null && !mayMoveTo(update.location.pathname)) {
      undoing = true;
      history.go(-update.delta);
      return;
    }
    shown = update;
    listeners.notify(update);
  };
  return {
    get action() {
      return (shown ?? history).action;
    },
    get location() {
      return (shown ?? history).location;
    },
    go: (delta) => history.go(delta),
    push: (to, state) => {
      if (mayMoveTo(pathnameOf(to))) history.push(to, state);
    },
    replace: (to, state) => {
      if (mayMoveTo(pathnameOf(to))) history.replace(to, state);
    },
    listen: listeners.listen,
  };
}
