import './ui.css';

/** Props of `CloseButton`. */
export interface CloseButtonProps {
  /** Accessible name, e.g. 'Close' or 'Dismiss'. */
  label: string;
  onClick: () => void;
}

/** The round × that closes a dialog or dismisses a message. */
export function CloseButton({ label, onClick }: CloseButtonProps) {
  return (
    <button type="button" className="close-button" aria-label={label} onClick={onClick}>
      ×
    </button>
  );
}
