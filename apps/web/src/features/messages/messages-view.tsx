import type { PlayerInbox, PlayerMessage } from '@tappa/contracts';
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useReceivedReport } from '../../api/message-received';
import { useTranslation } from '../../lib/i18n';
import '../../lib/messages-texts';
import { MessageBanner } from './message-banner';
import './messages.css';

const InboxPanel = lazy(() => import('./inbox-panel'));

/** The newest message from the staff the team has not read, if any (the banner's). */
export const newestUnread = (inbox: PlayerInbox): PlayerMessage | undefined =>
  inbox.messages.findLast((m) => m.author === 'staff' && m.read_at === null);

/** Props of `MessagesView`. */
export interface MessagesViewProps {
  slug: string;
  timeZone: string;
  inbox: PlayerInbox;
  /** The highest `seq` when the page first read the feed: above it, a message just arrived. */
  after: number;
}

/**
 * The organiser's newest unread message as a banner (hidden while the inbox is open), and
 * 'Messaggi' with the unread count, which opens the inbox (loaded then). What it shows is told
 * to the server as received.
 */
export function MessagesView({ slug, timeZone, inbox, after }: MessagesViewProps) {
  const { t } = useTranslation();
  useReceivedReport(slug, inbox);
  const [isOpen, setIsOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => {
    setIsOpen(false);
    button.current?.focus();
  }, []);
  const banner = newestUnread(inbox);
  return (
    <>
      {banner && !isOpen && (
        <MessageBanner
          key={banner.id}
          slug={slug}
          message={banner}
          isArrival={banner.seq > after}
        />
      )}
      <button
        ref={button}
        type="button"
        className="messages-button"
        aria-haspopup="dialog"
        onClick={() => setIsOpen(true)}
      >
        {t('messages.title')}
        {inbox.unread > 0 && (
          <span className="messages-button__badge">
            <span aria-hidden="true">{inbox.unread}</span>
            <span className="visually-hidden">
              {' '}
              {t('messages.unread', { count: inbox.unread })}
            </span>
          </span>
        )}
      </button>
      {isOpen && (
        <Suspense fallback={null}>
          <InboxPanel slug={slug} timeZone={timeZone} inbox={inbox} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

export default MessagesView;
