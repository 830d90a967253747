import { ACCESS_CODE_LENGTH } from '@tappa/domain';
import { useMutation } from '../../lib/query';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { redeemCode } from '../../api/player-routes';
import { errorText, serverErrorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { Overlay } from './overlay';
import type { PlayAnswer } from './use-route-start';
import './route-choice.css';

/** Props of `AccessCodeModal`. */
export interface AccessCodeModalProps {
  slug: string;
  routeSlug: string;
  onClose: () => void;
  onPlay: (answer: PlayAnswer) => void;
  /** A code to start from, e.g. the `?code=` of a printed code card's QR. */
  initialCode?: string;
}

/** What the input keeps of a typed or given code: uppercase, no spaces, 8 characters at most. */
const cleanCode = (value: string) =>
  value.toUpperCase().replace(/\s/g, '').slice(0, ACCESS_CODE_LENGTH);

/** The access-code dialog of a code route: 8 characters, uppercase, verified by the server. */
export function AccessCodeModal({
  slug,
  routeSlug,
  onClose,
  onPlay,
  initialCode = '',
}: AccessCodeModalProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState(() => cleanCode(initialCode));
  const [emptyError, setEmptyError] = useState(false);
  const redeem = useMutation({
    mutationFn: (value: string) => redeemCode(slug, routeSlug, value),
    onSuccess: (answer) => {
      if (answer.next === 'play') onPlay(answer);
    },
  });

  const handleChange = (value: string) => {
    const next = cleanCode(value);
    setCode(next);
    setEmptyError(next === '');
    redeem.reset();
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code === '') setEmptyError(true);
    else if (code.length === ACCESS_CODE_LENGTH) redeem.mutate(code);
  };

  const error = emptyError
    ? t('errors.access_code_missing')
    : redeem.isError
      ? (serverErrorText(redeem.error, t) ??
        t('accessCodes.validationError', { detail: errorText(redeem.error, t) }))
      : null;

  return (
    <Overlay labelledBy="access-code-title" onClose={onClose} centred>
      <form className="access-code" onSubmit={handleSubmit}>
        <h2 id="access-code-title" className="player-subtitle">
          {t('player.accessCode.title')}
        </h2>
        <p className="player-muted">{t('player.accessCode.hint')}</p>
        <label className="player-field">
          <span className="player-field__label">{t('player.accessCode.label')}</span>
          <input
            className="player-input access-code__input"
            name="code"
            value={code}
            maxLength={ACCESS_CODE_LENGTH}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            aria-invalid={error !== null}
            onChange={(event) => handleChange(event.target.value)}
          />
        </label>
        {error && (
          <p className="player-alert" role="alert">
            {error}
          </p>
        )}
        <div className="player-actions player-actions--row">
          <button
            className="player-button player-button--secondary"
            type="button"
            onClick={onClose}
          >
            {t('player.cancel')}
          </button>
          <button
            className="player-button"
            type="submit"
            disabled={code.length !== ACCESS_CODE_LENGTH || redeem.isPending}
          >
            {redeem.isPending ? t('player.accessCode.verifying') : t('player.accessCode.verify')}
          </button>
        </div>
      </form>
    </Overlay>
  );
}
