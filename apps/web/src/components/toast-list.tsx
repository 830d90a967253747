import { useEffect } from 'react';
import type { Toast } from '../lib/dialogs';
import './dialogs.css';

/** How long a success stays on screen; an error stays until dismissed. */
export const SUCCESS_TOAST_MS = 8000;

/** Props of `ToastList`. */
export interface ToastListProps {
  toasts: readonly Toast[];
  /** Accessible name of the region and of each toast's ×. */
  regionLabel: string;
  dismissLabel: string;
  onDismiss: (id: number) => void;
}

/**
 * The toasts, newest last, in a named region (to be placed inside a live region that stays
 * mounted): an error is an `alert`, a success a `status` that leaves after `SUCCESS_TOAST_MS`.
 */
export function ToastList({ toasts, regionLabel, dismissLabel, onDismiss }: ToastListProps) {
  if (toasts.length === 0) return null;
  return (
    <section className="toasts" aria-label={regionLabel}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} dismissLabel={dismissLabel} onDismiss={onDismiss} />
      ))}
    </section>
  );
}

function ToastItem({
  toast,
  dismissLabel,
  onDismiss,
}: {
  toast: Toast;
  dismissLabel: string;
  onDismiss: (id: number) => void;
}) {
  useEffect(() => {
    if (toast.tone !== 'success') return;
    const timer = setTimeout(() => onDismiss(toast.id), SUCCESS_TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast, onDismiss]);
  return (
    <p role={toast.tone === 'error' ? 'alert' : 'status'} className={`toast toast--${toast.tone}`}>
      <span>{toast.text}</span>
      <button
        type="button"
        className="toast__close"
        aria-label={dismissLabel}
        onClick={() => onDismiss(toast.id)}
      >
        ×
      </button>
    </p>
  );
}
