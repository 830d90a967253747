const KEY = 'tappa-offline-waiting';

/**
 * Whether answers made offline wait in the queue (a mark in `localStorage`, read without opening
 * IndexedDB, so that pages load the sending code only when there is something to send).
 */
export function hasWaitingAnswers(): boolean {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}

/** Sets or clears the mark of `hasWaitingAnswers` (without storage the game screen still sends). */
export function markWaitingAnswers(waiting: boolean): void {
  try {
    if (waiting) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode or storage full: only the game screen sends the queue then.
  }
}
