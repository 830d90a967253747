import type { StaffMessage } from '@tappa/contracts';
import { useId } from 'react';
import { useMessageBoard } from '../../api/staff-messages';
import { ErrorAlert } from '../../components/error-alert';
import { Link } from '../../components/link';
import { MessageText } from '../../components/message-text';
import { useTenantClock } from '../../components/tenant-clock';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';

/**
 * The dashboard's Message Board (issue 35): the latest announcements with their delivery, the
 * conversations waiting for an answer, and the way to 'Messaggi'; kept fresh by the board's
 * stream.
 */
export function MessageBoardCard({ tenantSlug }: { tenantSlug: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'staffMessages' });
  const { t: tAll } = useTranslation();
  const headingId = useId();
  const board = useMessageBoard(tenantSlug);
  const clock = useTenantClock();

  return (
    <section className="panel td-board" aria-labelledby={headingId}>
      <h2 id={headingId} className="panel__title">
        {tAll('tenantArea.messageBoard')}
        {board.data && board.data.unread > 0 ? (
          <span className="badge badge--danger td-board__unread">
            {t('unread', { count: board.data.unread })}
          </span>
        ) : null}
      </h2>
      {board.isError ? <ErrorAlert text={errorText(board.error, tAll)} /> : null}
      {board.data ? (
        <div className="td-board__columns">
          <div>
            <h3 className="td-board__heading">{t('board.latest')}</h3>
            {board.data.latest.length === 0 ? (
              <p className="muted">{t('board.noLatest')}</p>
            ) : (
              <ul className="td-board__list">
                {board.data.latest.map((message) => (
                  <li key={message.id}>
                    <MessageText text={message.body} />
                    <p className="muted td-board__meta">
                      {clock(whenOf(message), 'dateTime')}
                      {message.sent_at
                        ? ` · ${t('sent.counts', { ...message.counts })}`
                        : ` · ${t('sent.statusScheduled')}`}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div>
            <h3 className="td-board__heading">{t('board.unanswered')}</h3>
            {board.data.unanswered.length === 0 ? (
              <p className="muted">{t('board.noUnanswered')}</p>
            ) : (
              <ul className="td-board__list">
                {board.data.unanswered.map((thread) => (
                  <li key={thread.team_id}>
                    <strong>{thread.team_name}</strong>
                    {thread.unread > 0 ? (
                      <span className="badge badge--danger td-board__unread">
                        {t('unread', { count: thread.unread })}
                      </span>
                    ) : null}
                    <MessageText text={thread.last.body} />
                    <p className="muted td-board__meta">{clock(thread.last.sent_at, 'dateTime')}</p>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>
      ) : null}
      <Link className="btn" to={`/${tenantSlug}/live/messages`}>
        {t('board.open')}
      </Link>
    </section>
  );
}

/** When an announcement went (or is to go). */
function whenOf(message: StaffMessage): string {
  return message.sent_at ?? message.send_at;
}
