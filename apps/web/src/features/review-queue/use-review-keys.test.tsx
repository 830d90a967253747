import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { useReviewKeys } from './use-review-keys';

/** A desk that takes one key and records it under its own name. */
function Desk({ name, taken }: { name: string; taken: string[] }) {
  useReviewKeys((key) => {
    if (key !== 'r') return false;
    taken.push(name);
    return true;
  });
  return <p>{name}</p>;
}

const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const saved = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
afterEach(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = saved;
  document.body.innerHTML = '';
});

/** Renders `element` as the app does (not inside act) and resolves as soon as `text` shows. */
function showAndWait(root: ReturnType<typeof createRoot>, element: React.ReactNode, text: string) {
  return new Promise<void>((resolve) => {
    const observer = new MutationObserver(() => {
      if (!document.body.textContent?.includes(text)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    root.render(element);
  });
}

describe('useReviewKeys', () => {
  it('hands a key pressed as soon as the next desk shows to that desk', async () => {
    // Outside act, as in the browser: React runs passive effects in a later task than the one
    // that puts the next desk on screen.
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    const taken: string[] = [];
    await showAndWait(root, <Desk key="a" name="a" taken={taken} />, 'a');
    // Pressed in the moment the next desk is on screen, before any later task.
    await showAndWait(root, <Desk key="b" name="b" taken={taken} />, 'b');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'r' }));
    expect(taken).toEqual(['b']);
    root.unmount();
  });
});
