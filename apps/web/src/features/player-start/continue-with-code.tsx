import type { RedeemHandoffResponse } from '@tappa/contracts';
import { HANDOFF_CODE_LENGTH, normalizeHandoffCode } from '@tappa/domain';
import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { redeemHandoffCode } from '../../api/handoff';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { useMutation } from '../../lib/query';

/** Props of `ContinueWithCode`. */
export interface ContinueWithCodeProps {
  slug: string;
  /** The code the QR code's address carries: redeemed at once. */
  initialCode: string | null;
  /** Called with the game once the server set the team's cookie on this phone. */
  onContinued: (game: RedeemHandoffResponse) => void;
}

/**
 * The second phone of a team (decision 0066): the code shown on the first phone, typed here or
 * carried by its QR code, opens the same game on this phone without an e-mail round trip.
 */
export function ContinueWithCode({ slug, initialCode, onContinued }: ContinueWithCodeProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState(initialCode ?? '');
  const redeem = useMutation({
    mutationFn: (typed: string) => redeemHandoffCode(slug, typed),
    onSuccess: onContinued,
  });
  const { mutate } = redeem;
  const asked = useRef(false);
  useEffect(() => {
    // A code works once: the address's code is sent once, even when strict mode mounts twice.
    if (!initialCode || asked.current) return;
    asked.current = true;
    mutate(initialCode);
  }, [initialCode, mutate]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (normalizeHandoffCode(code) !== null) mutate(code);
  };

  return (
    <form className="player-card start-form" onSubmit={handleSubmit}>
      <h1 className="player-title">{t('handoff.heading')}</h1>
      <p className="player-muted">{t('handoff.pageIntro')}</p>
      <label className="player-field">
        <span className="player-field__label">{t('handoff.code')}</span>
        <input
          className="player-input handoff-input"
          name="code"
          // Room for a space or a dash between two groups of three.
          maxLength={HANDOFF_CODE_LENGTH + 2}
          autoComplete="one-time-code"
          autoCapitalize="characters"
          spellCheck={false}
          required
          value={code}
          onChange={(event) => setCode(event.target.value.toUpperCase())}
        />
      </label>
      {redeem.isError && (
        <p className="player-alert" role="alert">
          {errorText(redeem.error, t)}
        </p>
      )}
      <button
        className="player-button"
        type="submit"
        disabled={redeem.isPending || normalizeHandoffCode(code) === null}
      >
        {redeem.isPending ? t('handoff.redeeming') : t('handoff.submit')}
      </button>
    </form>
  );
}
