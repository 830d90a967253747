import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { dialogs } from './dialogs';
import { createGuardedHistory, guardNavigation } from './guarded-history';
import type { AppHistory } from './router';

const unlisten: (() => void)[] = [];

/** Records the path of every move the router hears of (until the test ends). */
function recordMoves(history: AppHistory, seen: string[]): void {
  unlisten.push(history.listen(({ location }) => seen.push(location.pathname)));
}

describe('createGuardedHistory', () => {
  let confirm: MockInstance<(text: string) => Promise<boolean>>;
  let unguard: () => void = () => undefined;
  beforeEach(() => {
    window.history.replaceState(null, '', '/demo/routes/1/steps');
    confirm = vi.spyOn(dialogs, 'confirm');
  });
  afterEach(() => {
    for (const stop of unlisten.splice(0)) stop();
    unguard();
    vi.restoreAllMocks();
  });

  it('moves freely while nothing guards the page', () => {
    const history = createGuardedHistory();
    const seen: string[] = [];
    recordMoves(history, seen);
    history.push('/demo/routes');
    expect(seen).toEqual(['/demo/routes']);
    expect(confirm).not.toHaveBeenCalled();
  });

  it('asks in the app before a push or replace to another page and stays when refused', async () => {
    const history = createGuardedHistory();
    const seen: string[] = [];
    recordMoves(history, seen);
    unguard = guardNavigation((next) =>
      next === '/demo/routes/1/steps' ? null : 'Modifiche non salvate: uscire?',
    );
    confirm.mockResolvedValue(false);
    history.push('/demo/routes');
    history.replace('/demo/dashboard');
    expect(confirm).toHaveBeenCalledWith('Modifiche non salvate: uscire?');
    expect(confirm).toHaveBeenCalledTimes(2);
    await Promise.resolve();
    expect(seen).toEqual([]);
    expect(window.location.pathname).toBe('/demo/routes/1/steps');

    history.push('/demo/routes/1/steps?step=2');
    expect(seen).toEqual(['/demo/routes/1/steps']);

    confirm.mockResolvedValue(true);
    history.push('/demo/routes');
    await vi.waitFor(() => expect(seen.at(-1)).toBe('/demo/routes'));
    expect(window.location.pathname).toBe('/demo/routes');
  });

  it('undoes a refused step back before the router hears of it, and lets an accepted one pass', async () => {
    const history = createGuardedHistory();
    const seen: string[] = [];
    recordMoves(history, seen);
    history.push('/demo/routes/1/qr-sheet');
    seen.length = 0;
    unguard = guardNavigation((next) => (next === '/demo/routes/1/qr-sheet' ? null : 'Uscire?'));

    confirm.mockResolvedValue(false);
    history.go(-1);
    await vi.waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    // The refusal takes the browser forward again, which is not a move for the router either.
    await vi.waitFor(() => expect(window.location.pathname).toBe('/demo/routes/1/qr-sheet'));
    expect(seen).toEqual([]);

    confirm.mockResolvedValue(true);
    history.go(-1);
    await vi.waitFor(() => expect(seen).toEqual(['/demo/routes/1/steps']));
    // Asked once: the step made again after the answer passes without a second question.
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(window.location.pathname).toBe('/demo/routes/1/steps');
  });
});
