import { useCallback, useEffect, useState } from 'react';

/**
 * The Fullscreen API for the page: whether the browser offers it, whether the page fills the
 * screen now, and a toggle. A projector's wall fills the screen on 'Schermo intero'.
 */
export function useFullScreen() {
  const [isFull, setIsFull] = useState(false);
  const isSupported = typeof document !== 'undefined' && document.fullscreenEnabled === true;

  useEffect(() => {
    if (!isSupported) return;
    const follow = () => setIsFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', follow);
    return () => document.removeEventListener('fullscreenchange', follow);
  }, [isSupported]);

  const toggle = useCallback(() => {
    // A refusal (no user gesture, a policy) leaves the page as it is.
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void document.documentElement.requestFullscreen().catch(() => undefined);
  }, []);

  return { isSupported, isFull, toggle };
}
