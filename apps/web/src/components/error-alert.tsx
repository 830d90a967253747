import './ui.css';

/** Props of `ErrorAlert`. */
export interface ErrorAlertProps {
  /** The failure to show; nothing is drawn without one. */
  text: string | null;
}

/** A failure in a red banner, announced at once (`role="alert"`); nothing when there is none. */
export function ErrorAlert({ text }: ErrorAlertProps) {
  if (!text) return null;
  return (
    <p role="alert" className="alert alert--error">
      {text}
    </p>
  );
}
