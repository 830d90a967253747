/** Where the app is: the address's path, query and fragment, and the state a move carried. */
export interface AppLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** Differs for every entry of the history, also two of the same address. */
  key: string;
}

/** How the app got to its location: a new entry, a replaced one, or back and forward. */
export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';

/** One move the history tells its listeners of; `delta` counts the entries a POP crossed. */
export interface HistoryUpdate {
  action: HistoryAction;
  location: AppLocation;
  delta: number | null;
}

/** The history the app's router runs on: the browser's, or one in memory for tests. */
export interface AppHistory {
  readonly action: HistoryAction;
  readonly location: AppLocation;
  push(to: string, state?: unknown): void;
  replace(to: string, state?: unknown): void;
  go(delta: number): void;
  /** Calls `listener` after every move (push and replace too) until the returned function. */
  listen(listener: (update: HistoryUpdate) => void): () => void;
}

/** What the app keeps in each browser history entry: its state, key and position. */
interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

const newKey = (): string => Math.random().toString(36).slice(2, 10);

/** `to` (absolute, relative or only `?query`) resolved against the address `from`. */
export function resolveAddress(to: string, from: Pick<AppLocation, 'pathname' | 'search'>) {
  const url = new URL(to, `http://app${from.pathname}${from.search}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

/** The address of a location, as a link's `href` shows it. */
export function addressOf(location: Pick<AppLocation, 'pathname' | 'search' | 'hash'>): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/**
 * The listeners of a history. `onFirst` runs when the first one comes and answers what to do when
 * the last one goes: a history listens to what is under it only while it is listened to.
 */
export function listenersOf(onFirst: () => () => void = () => () => undefined) {
  const listeners = new Set<(update: HistoryUpdate) => void>();
  let stop: () => void = () => undefined;
  return {
    listen: (listener: (update: HistoryUpdate) => void): (() => void) => {
      if (listeners.size === 0) stop = onFirst();
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stop();
      };
    },
    notify: (update: HistoryUpdate): void => {
      for (const listener of [...listeners]) listener(update);
    },
  };
}

/** The browser's history, each entry numbered so that back and forward know how far they went. */
export function createBrowserHistory(): AppHistory {
  let action: HistoryAction = 'POP';
  const entryState = (): Partial<EntryState> =>
    (window.history.state as Partial<EntryState> | null) ?? {};
  const read = (): AppLocation => {
    const { pathname, search, hash } = window.location;
    const { usr = null, key = 'default' } = entryState();
    return { pathname, search, hash, state: usr, key };
  };
  let index = entryState().idx ?? 0;
  // The first entry gets its number, so that a step back to it can be counted.
  if (entryState().idx === undefined) {
    window.history.replaceState({ ...entryState(), idx: index }, '');
  }
  let location = read();
  // The browser is listened to only while someone listens here.
  const listeners = listenersOf(() => {
    index = entryState().idx ?? 0;
    location = read();
    window.addEventListener('popstate', handlePop);
    return () => window.removeEventListener('popstate', handlePop);
  });
  const notify = (delta: number | null) => {
    location = read();
    listeners.notify({ action, location, delta });
  };
  const write = (kind: 'PUSH' | 'REPLACE', to: string, state: unknown) => {
    const next = addressOf(resolveAddress(to, location));
    if (kind === 'PUSH') index += 1;
    const entry: EntryState = { usr: state ?? null, key: newKey(), idx: index };
    if (kind === 'PUSH') window.history.pushState(entry, '', next);
    else window.history.replaceState(entry, '', next);
    action = kind;
    notify(null);
  };
  const handlePop = () => {
    const next = entryState().idx ?? 0;
    const delta = next - index;
    index = next;
    action = 'POP';
    notify(delta);
  };
  return {
    get action() {
      return action;
    },
    get location() {
      return location;
    },
    push: (to, state) => write('PUSH', to, state),
    replace: (to, state) => write('REPLACE', to, state),
    go: (delta) => window.history.go(delta),
    listen: listeners.listen,
  };
}

/** A history in memory (tests), starting at the last of `addresses`. */
export function createMemoryHistory(addresses: readonly string[] = ['/']): AppHistory {
  const listeners = listenersOf();
  const at = (to: string, state: unknown, from = { pathname: '/', search: '' }): AppLocation => ({
    ...resolveAddress(to, from),
    state: state ?? null,
    key: newKey(),
  });
  const entries = addresses.map((address) => at(address, null));
  let index = entries.length - 1;
  let action: HistoryAction = 'POP';
  const current = (): AppLocation => entries[index] ?? at('/', null);
  const notify = (delta: number | null) => listeners.notify({ action, location: current(), delta });
  return {
    get action() {
      return action;
    },
    get location() {
      return current();
    },
    push: (to, state) => {
      index += 1;
      entries.splice(index, entries.length, at(to, state, current()));
      action = 'PUSH';
      notify(null);
    },
    replace: (to, state) => {
      entries[index] = at(to, state, current());
      action = 'REPLACE';
      notify(null);
    },
    go: (delta) => {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      const moved = next - index;
      index = next;
      action = 'POP';
      notify(moved);
    },
    listen: listeners.listen,
  };
}
