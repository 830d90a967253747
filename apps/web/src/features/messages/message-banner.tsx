import type { PlayerMessage } from '@tappa/contracts';
import { useEffect, useState } from 'react';
import { markMessagesRead } from '../../api/message-read';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import '../../lib/messages-texts';
import { MessageText } from '../../components/message-text';
import { signalNewMessage } from './new-message-alert';

/** Props of `MessageBanner`. */
export interface MessageBannerProps {
  slug: string;
  message: PlayerMessage;
  /** Whether it arrived while the page was open (signalled), not found on opening it. */
  isArrival: boolean;
}

/**
 * The organiser's newest unread message over the game, impossible to miss and announced at once.
 * One asking for a read confirmation stays until 'Ho letto'; any other closes with 'Chiudi'.
 * Both mark it read.
 */
export function MessageBanner({ slug, message, isArrival }: MessageBannerProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (isArrival) signalNewMessage(message.seq);
  }, [isArrival, message.seq]);
  const markRead = () => {
    setError(null);
    markMessagesRead(slug, [message.id]).catch((failure: unknown) =>
      setError(errorText(failure, t)),
    );
  };
  return (
    <div className="message-banner" role="alert">
      <p className="message-banner__from">{t('messages.staff')}</p>
      <MessageText className="message-banner__text" text={message.body} />
      {error && <p className="message-banner__error">{error}</p>}
      <button type="button" className="message-banner__button" onClick={markRead}>
        {message.read_confirmation ? t('messages.read') : t('messages.close')}
      </button>
    </div>
  );
}
