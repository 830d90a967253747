import './admin-ui.css';
import './forms.css';

/** Props of `FormActions`. */
export interface FormActionsProps {
  submitLabel: string;
  /** The submit's text while the form is being sent (it is disabled then). */
  pendingLabel: string;
  isPending: boolean;
  /** Disables the submit for another reason (e.g. nothing typed yet). */
  disabled?: boolean;
  /** With both, a Cancel button comes first. */
  cancelLabel?: string;
  onCancel?: () => void;
}

/** A form's buttons, right-aligned: an optional Cancel, then the primary submit. */
export function FormActions({
  submitLabel,
  pendingLabel,
  isPending,
  disabled = false,
  cancelLabel,
  onCancel,
}: FormActionsProps) {
  return (
    <div className="form__actions">
      {cancelLabel && onCancel ? (
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          {cancelLabel}
        </button>
      ) : null}
      <button type="submit" className="btn btn--primary" disabled={isPending || disabled}>
        {isPending ? pendingLabel : submitLabel}
      </button>
    </div>
  );
}
