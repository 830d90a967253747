import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import './manage-routes.css';
import './manage-routes-dialogs.css';

/** Props of `Modal`. */
export interface ModalProps {
  title: string;
  /** Accessible name of the × button. */
  closeLabel: string;
  onClose: () => void;
  /** `wide` for tables (the price list). */
  size?: 'normal' | 'wide';
  children: ReactNode;
}

/** A modal dialog over the page: focused when opened, closed by × or Escape. */
export function Modal({ title, closeLabel, onClose, size = 'normal', children }: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    dialogRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  return (
    <div className="mr-modal">
      <div
        ref={dialogRef}
        className={size === 'wide' ? 'mr-modal__dialog mr-modal__dialog--wide' : 'mr-modal__dialog'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="mr-modal__header">
          <h2 id={titleId} className="mr-modal__title">
            {title}
          </h2>
          <button
            type="button"
            className="mr-modal__close"
            aria-label={closeLabel}
            onClick={onClose}
          >
            ×
          </button>
        </header>
        {children}
      </div>
    </div>
  );
}
