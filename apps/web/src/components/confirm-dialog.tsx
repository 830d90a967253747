import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import './dialogs.css';

/** Props of `ConfirmDialog`. */
export interface ConfirmDialogProps {
  title: string;
  /** The question, verbatim (the spec's confirmation text). */
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  onAnswer: (confirmed: boolean) => void;
}

/**
 * A modal confirmation (`alertdialog`) named by its title and described by its question: focus
 * starts on Cancel, the safe choice, and stays inside (Tab wraps); Escape cancels; the focus
 * goes back to what had it before.
 */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  cancelLabel,
  onAnswer,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  const cancelRef = useRef<HTMLButtonElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  // Read while rendering, before the effect below moves the focus.
  const [opener] = useState(() => document.activeElement);

  useLayoutEffect(() => {
    cancelRef.current?.focus();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [opener]);

  // Caught on the way down and stopped there: Escape cancels the question, not the modal under it.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.stopPropagation();
      onAnswer(false);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [onAnswer]);

  // Two buttons: Tab and Shift+Tab go from one to the other, never behind the backdrop.
  const keepFocusInside = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return;
    event.preventDefault();
    const next = document.activeElement === cancelRef.current ? confirmRef : cancelRef;
    next.current?.focus();
  };

  return createPortal(
    <div className="app-dialog-backdrop">
      <div
        className="app-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={keepFocusInside}
      >
        <h2 id={titleId} className="app-dialog__title">
          {title}
        </h2>
        <p id={textId} className="app-dialog__text">
          {text}
        </p>
        <div className="app-dialog__actions">
          <button
            ref={cancelRef}
            type="button"
            className="app-dialog__button app-dialog__button--secondary"
            onClick={() => onAnswer(false)}
          >
            {cancelLabel}
          </button>
          <button
            ref={confirmRef}
            type="button"
            className="app-dialog__button"
            onClick={() => onAnswer(true)}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
