import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';

// The panel and its QR encoder load only when a team asks for them (the first-load budget).
const HandoffPanel = lazy(async () => ({
  default: (await import('./handoff-panel')).HandoffPanel,
}));

/** Props of `HandoffButton`. */
export interface HandoffButtonProps {
  slug: string;
  gameId: string;
}

/** 'Continua su un altro telefono' on the game screen: opens the code for a second phone. */
export function HandoffButton({ slug, gameId }: HandoffButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="player-link gameplay__handoff"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
          <path
            fill="currentColor"
            d="M7 2h10a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2Zm0 3v13h10V5H7Zm5 14.2a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z"
          />
        </svg>
        {t('handoff.open')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <HandoffPanel slug={slug} gameId={gameId} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
