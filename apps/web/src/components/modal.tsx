import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseButton } from './close-button';
import './modal.css';
import './ui.css';

/** How wide a modal may grow: `small` for a field or two, `wide` for tables. */
export type ModalSize = 'small' | 'medium' | 'large' | 'wide';

/** Props of `Modal`. */
export interface ModalProps {
  title: string;
  /** Accessible name of the × button; without one the dialog closes by Escape and its buttons. */
  closeLabel?: string;
  onClose: () => void;
  size?: ModalSize;
  children: ReactNode;
}

/**
 * A modal dialog named by its title, in a portal so no page or table style reaches it: Escape
 * and × close it, a click beside it does not (typed data stays); focus moves in and comes back.
 */
export function Modal({ title, closeLabel, onClose, size = 'medium', children }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  // Read while rendering, before any effect of the content can move the focus.
  const [opener] = useState(() => document.activeElement);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.contains(document.activeElement)) dialog.focus();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [opener]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return createPortal(
    <div className="modal-backdrop">
      <div
        ref={dialogRef}
        className={`modal modal--${size}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        {/* A div, not a header: in a dialog portalled to <body> a header is a second banner. */}
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {closeLabel ? <CloseButton label={closeLabel} onClick={onClose} /> : null}
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
