import type { ThreadSummary } from '@tappa/contracts';
import { useId, useState } from 'react';
import { useThreads } from '../../api/staff-messages';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingSpinner } from '../../components/loading-spinner';
import { useTenantClock } from '../../components/tenant-clock';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import { ThreadView } from './thread-view';

/**
 * 'Conversazioni': the teams' private threads, the latest line first, each with its unread lines
 * and a mark while the team waits for an answer; one opens beside the list with its reply box.
 * The board's stream refreshes both when something changed (`useMessageBoard`).
 */
export function ThreadsPanel({ slug }: { slug: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'staffMessages' });
  const { t: tAll } = useTranslation();
  const headingId = useId();
  const threads = useThreads(slug);
  const [openTeamId, setOpenTeamId] = useState<string | null>(null);
  const list = threads.data?.threads ?? [];

  return (
    <section className="panel staff-messages__threads" aria-labelledby={headingId}>
      <h2 id={headingId} className="panel__title">
        {t('threads.title')}
        {threads.data && threads.data.unread > 0 ? (
          <span className="badge badge--danger staff-messages__unread">
            {t('unread', { count: threads.data.unread })}
          </span>
        ) : null}
      </h2>
      {threads.isPending ? (
        <LoadingSpinner />
      ) : threads.isError ? (
        <ErrorAlert text={errorText(threads.error, tAll)} />
      ) : list.length === 0 ? (
        <p className="muted">{t('threads.empty')}</p>
      ) : (
        <div className="staff-messages__threads-grid">
          <ul className="staff-messages__thread-list">
            {list.map((thread) => (
              <ThreadItem
                key={thread.team_id}
                thread={thread}
                isOpen={thread.team_id === openTeamId}
                onOpen={() => setOpenTeamId(thread.team_id)}
              />
            ))}
          </ul>
          {openTeamId ? (
            <ThreadView key={openTeamId} slug={slug} teamId={openTeamId} />
          ) : (
            <p className="muted">{t('threads.choose')}</p>
          )}
        </div>
      )}
    </section>
  );
}

/** Props of `ThreadItem`. */
interface ThreadItemProps {
  thread: ThreadSummary;
  isOpen: boolean;
  onOpen: () => void;
}

/** A thread of the list: the team, its unread lines, whether it waits, and its last line. */
function ThreadItem({ thread, isOpen, onOpen }: ThreadItemProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'staffMessages' });
  const clock = useTenantClock();
  return (
    <li>
      <button
        type="button"
        className={
          isOpen ? 'staff-messages__thread staff-messages__thread--open' : 'staff-messages__thread'
        }
        aria-current={isOpen ? 'true' : undefined}
        onClick={onOpen}
      >
        <span className="staff-messages__thread-head">
          <strong>{thread.team_name}</strong>
          {thread.unread > 0 ? (
            <span className="badge badge--danger">{t('unread', { count: thread.unread })}</span>
          ) : null}
          {thread.answered ? null : (
            <span className="badge badge--warning">{t('threads.unanswered')}</span>
          )}
        </span>
        <span className="staff-messages__thread-last">{thread.last.body}</span>
        <span className="muted">{clock(thread.last.sent_at, 'dateTime')}</span>
      </button>
    </li>
  );
}
