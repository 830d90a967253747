import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

/** Props of `Overlay`. */
export interface OverlayProps {
  /** Id of the element naming the dialog. */
  labelledBy: string;
  onClose: () => void;
  /** A centred dialog instead of a bottom sheet. */
  centred?: boolean;
  children: ReactNode;
}

/** A modal bottom sheet (or centred dialog): Escape or a tap on the backdrop closes it. */
export function Overlay({ labelledBy, onClose, centred = false, children }: OverlayProps) {
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);

  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  // Once per opening: focus the first control, listen for Escape, give the focus back after.
  useEffect(() => {
    const previous = document.activeElement;
    panel.current?.querySelector<HTMLElement>('input, button, a[href]')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      if (previous instanceof HTMLElement) previous.focus();
    };
  }, []);

  return (
    <div
      className={centred ? 'player-overlay player-overlay--centred' : 'player-overlay'}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={panel}
        className="player-sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
      >
        {children}
      </div>
    </div>
  );
}
