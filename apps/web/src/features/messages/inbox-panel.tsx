import type { PlayerInbox, PlayerMessage } from '@tappa/contracts';
import { useEffect, useRef, useState } from 'react';
import { markMessagesRead } from '../../api/message-read';
import { useClock } from '../../lib/clock';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import '../../lib/messages-texts';
import { ComposeForm } from './compose-form';
import { MessageText } from '../../components/message-text';

/** Props of `InboxPanel`. */
export interface InboxPanelProps {
  slug: string;
  timeZone: string;
  inbox: PlayerInbox;
  onClose: () => void;
}

/**
 * 'Messaggi': the team's feed, oldest first (the organiser's messages and its own lines), and
 * 'Scrivi all'organizzatore'. Opening it reads what needs no confirmation; a message asking for
 * one keeps its 'Ho letto'. Loaded only when opened.
 */
export function InboxPanel({ slug, timeZone, inbox, onClose }: InboxPanelProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const markRead = (ids: string[]) =>
    markMessagesRead(slug, ids).catch((failure: unknown) => setError(errorText(failure, t)));

  // Each unread message without a confirmation is marked read once while the inbox is open
  // (one that comes meanwhile too); a failure is not tried again in a loop.
  const tried = useRef(new Set<string>());
  useEffect(() => {
    const ids = inbox.messages
      .filter((m) => m.read_at === null && !m.read_confirmation && !tried.current.has(m.id))
      .map((m) => m.id);
    if (ids.length === 0) return;
    ids.forEach((id) => tried.current.add(id));
    void markMessagesRead(slug, ids).catch(() => undefined);
  }, [inbox, slug]);

  const dialog = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  const count = inbox.messages.length;
  useEffect(() => {
    // The newest line in view, as in a chat.
    list.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [count]);

  return (
    <div
      className="player-overlay"
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        className="player-sheet inbox"
        role="dialog"
        aria-modal="true"
        aria-labelledby="inbox-title"
        tabIndex={-1}
      >
        <h2 id="inbox-title" className="player-subtitle">
          {t('messages.title')}
        </h2>
        {count === 0 ? (
          <p className="player-muted">{t('messages.empty')}</p>
        ) : (
          <ol ref={list} className="inbox__list">
            {inbox.messages.map((message) => (
              <InboxLine
                key={message.seq}
                message={message}
                timeZone={timeZone}
                onRead={() => void markRead([message.id])}
              />
            ))}
          </ol>
        )}
        {error && (
          <p className="player-alert" role="alert">
            {error}
          </p>
        )}
        <ComposeForm slug={slug} />
        <button type="button" className="player-button player-button--secondary" onClick={onClose}>
          {t('messages.close')}
        </button>
      </div>
    </div>
  );
}

/** One message: who wrote it ('Organizzatore' or 'Voi'), when, its text, and 'Ho letto'. */
function InboxLine(props: { message: PlayerMessage; timeZone: string; onRead: () => void }) {
  const { message, onRead } = props;
  const { t } = useTranslation();
  const formatTime = useClock(props.timeZone);
  const isStaff = message.author === 'staff';
  const isUnread = isStaff && message.read_at === null;
  return (
    <li
      className={`inbox__line inbox__line--${message.author}${isUnread ? ' inbox__line--unread' : ''}`}
    >
      <p className="inbox__meta">
        <span className="inbox__author">{isStaff ? t('messages.staff') : t('messages.team')}</span>{' '}
        <time dateTime={message.sent_at}>{formatTime(message.sent_at, 'time')}</time>
      </p>
      <MessageText className="inbox__body" text={message.body} />
      {isUnread && message.read_confirmation && (
        <button type="button" className="player-button player-button--small" onClick={onRead}>
          {t('messages.read')}
        </button>
      )}
    </li>
  );
}

export default InboxPanel;
