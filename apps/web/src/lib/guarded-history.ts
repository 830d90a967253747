import { createBrowserHistory, listenersOf } from './router';
import type { AppHistory, HistoryUpdate } from './router';
import { dialogs } from './dialogs';

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

/** The question the first asking check has about a move to `pathname`, or null to let it pass. */
function questionAbout(pathname: string): string | null {
  for (const check of checks) {
    const question = check(pathname);
    if (question !== null) return question;
  }
  return null;
}

/** Makes `move` to `pathname` at once, or once the user confirms a check's question (in-app). */
function moveIfAllowed(pathname: string, move: () => void): void {
  const question = questionAbout(pathname);
  if (question === null) return move();
  void dialogs.confirm(question).then((leave) => {
    if (leave) move();
  });
}

const pathnameOf = (to: string): string => new URL(to, window.location.href).pathname;

/**
 * The browser's history with the leave checks applied, asking in the app's own dialog: a push or
 * replace waits for the answer and does not happen if refused; a back or forward is undone before
 * the router hears of it, and made again once the user confirms (the router's location stays the
 * one it shows meanwhile).
 */
export function createGuardedHistory(): AppHistory {
  const history = createBrowserHistory();
  // What the router was told last, while it listens; else the browser's.
  let shown: Pick<HistoryUpdate, 'action' | 'location'> | null = null;
  // The step back to where the page stays while asking: the router never left it.
  let undoing = false;
  // The step the user confirmed: it passes without a second question.
  let confirmed = false;
  const listeners = listenersOf(() => {
    shown = { action: history.action, location: history.location };
    const stop = history.listen(handleMove);
    return () => {
      stop();
      shown = null;
    };
  });
  const handleMove = (update: HistoryUpdate) => {
    if (undoing) {
      undoing = false;
      return;
    }
    const { delta } = update;
    const question =
      update.action === 'POP' && delta !== null && !confirmed
        ? questionAbout(update.location.pathname)
        : null;
    confirmed = false;
    if (question !== null && delta !== null) {
      undoing = true;
      history.go(-delta);
      void dialogs.confirm(question).then((leave) => {
        if (!leave) return;
        confirmed = true;
        history.go(delta);
      });
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
    push: (to, state) => moveIfAllowed(pathnameOf(to), () => history.push(to, state)),
    replace: (to, state) => moveIfAllowed(pathnameOf(to), () => history.replace(to, state)),
    listen: listeners.listen,
  };
}
