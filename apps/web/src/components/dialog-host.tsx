import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { dialogState, subscribeDialogs } from '../lib/dialogs';

// The drawing loads with the first question or toast: no page's first download carries it.
const DialogLayer = lazy(async () => ({
  default: (await import('./dialog-layer')).DialogLayer,
}));

/**
 * Mounted once by the root layout: draws the confirmations and toasts asked for through
 * `lib/dialogs`, across page changes. The toasts' live region stays mounted so that screen
 * readers announce what enters it.
 */
export function DialogHost() {
  const state = useSyncExternalStore(subscribeDialogs, dialogState);
  const [region, setRegion] = useState<HTMLElement | null>(null);
  const busy = state.confirms.length > 0 || state.toasts.length > 0;
  return (
    <>
      <div ref={setRegion} className="toast-region" aria-live="polite" />
      {busy && region ? (
        <Suspense fallback={null}>
          <DialogLayer state={state} toastRegion={region} />
        </Suspense>
      ) : null}
    </>
  );
}
