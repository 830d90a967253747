import { CHECK_ANSWER_MAX_LENGTH } from '@tappa/domain';
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';

/** Props of `ManualCodePrompt`. */
export interface ManualCodePromptProps {
  /** Receives the typed code, trimmed and never empty. */
  onSubmit: (code: string) => void;
  onCancel: () => void;
}

/**
 * The QR scanner's 'Enter Code Manually' prompt, drawn inside the overlay because some in-app
 * browsers silently suppress `window.prompt`.
 */
export function ManualCodePrompt({ onSubmit, onCancel }: ManualCodePromptProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [value, setValue] = useState('');
  const code = value.trim();

  return (
    <form
      className="camera__prompt"
      onSubmit={(event) => {
        event.preventDefault();
        if (code !== '') onSubmit(code);
      }}
    >
      <div className="player-field">
        <label className="player-field__label" htmlFor={inputId}>
          {t('camera.manualLabel')}
        </label>
        <input
          id={inputId}
          className="player-input"
          maxLength={CHECK_ANSWER_MAX_LENGTH}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          autoComplete="off"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          autoFocus
        />
      </div>
      <div className="player-actions player-actions--row">
        <button type="button" className="player-button player-button--secondary" onClick={onCancel}>
          {t('camera.manualCancel')}
        </button>
        <button type="submit" className="player-button" disabled={code === ''}>
          {t('camera.manualConfirm')}
        </button>
      </div>
    </form>
  );
}
