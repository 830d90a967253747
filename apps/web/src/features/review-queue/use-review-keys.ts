import { useLayoutEffect, useRef } from 'react';

/** Whether the key went to a text field (its keys are the field's, not the queue's). */
export function isTextField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
  );
}

/**
 * Hands every key pressed on the page, outside text fields and without Ctrl, Alt or Meta, to
 * `onKey`; a key it takes (answers true) does nothing else (Enter does not press the focused
 * button too).
 */
export function useReviewKeys(onKey: (key: string) => boolean) {
  const handler = useRef(onKey);
  // Updated, and listened for, as the screen is drawn, not after it: a key pressed as soon as
  // the next item shows goes to its handler, not to the one before (whose reason chooser was
  // still open). A passive effect may run after the next item is on screen.
  useLayoutEffect(() => {
    handler.current = onKey;
  });
  useLayoutEffect(() => {
    const listener = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || isTextField(event.target)) return;
      if (handler.current(event.key)) event.preventDefault();
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);
}
