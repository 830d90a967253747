/** Props of `ShortcutButton`. */
export interface ShortcutButtonProps {
  label: string;
  /** The key that does the same, shown on the button. */
  shortcut: string;
  variant?: 'primary' | 'secondary' | 'danger';
  disabled?: boolean;
  onClick: () => void;
}

/** A button of the review desk with its keyboard shortcut beside its label. */
export function ShortcutButton({
  label,
  shortcut,
  variant = 'primary',
  disabled,
  onClick,
}: ShortcutButtonProps) {
  const variantClass =
    variant === 'secondary'
      ? ' button--secondary'
      : variant === 'danger'
        ? ' review-desk__button--danger'
        : '';
  return (
    <button
      type="button"
      className={`button review-desk__button${variantClass}`}
      disabled={disabled}
      onClick={onClick}
    >
      <span>{label}</span> <kbd className="review-desk__kbd">{shortcut}</kbd>
    </button>
  );
}
