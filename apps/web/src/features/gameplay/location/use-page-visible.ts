import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

const isVisible = () => document.visibilityState === 'visible';

/** Whether the page is on screen now: a phone sends no fixes from a hidden page (decision 0086). */
export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribe, isVisible);
}
