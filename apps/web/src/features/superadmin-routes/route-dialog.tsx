import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './route-dialog.css';

/** Props of `RouteDialog`. */
export interface RouteDialogProps {
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}

/** A modal dialog on top of the page (Escape and × close it; focus returns where it was). */
export function RouteDialog({ title, closeLabel, onClose, children }: RouteDialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement;
    dialogRef.current?.focus();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  // In a portal: the tenants table's cell styles (nowrap) must not reach the dialog.
  return createPortal(
    <div className="sr-modal">
      <div
        ref={dialogRef}
        className="sr-modal__dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="sr-modal__header">
          <h2 id={titleId} className="sr-modal__title">
            {title}
          </h2>
          <button
            type="button"
            className="sr-modal__close"
            aria-label={closeLabel}
            onClick={onClose}
          >
            ×
          </button>
        </header>
        {children}
      </div>
    </div>,
    document.body,
  );
}
