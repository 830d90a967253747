import { useId } from 'react';
import { useMessageBoard } from '../../api/staff-messages';
import { Link } from '../../components/link';
import { useTranslation } from '../../lib/i18n';
import { ComposeForm } from './compose-form';
import { SentMessages } from './sent-messages';
import { ThreadsPanel } from './threads-panel';
import '../../components/admin-ui.css';
import './staff-messages.css';

/**
 * The organiser's 'Messaggi' (issue 35, decision 0084), a page of the live console: a new
 * message, the sent and scheduled ones with their delivery, and the teams' conversations. The
 * board's stream is followed while it is open: what it says changed is read again.
 */
export function StaffMessages({ slug }: { slug: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'staffMessages' });
  const { t: tAll } = useTranslation();
  const composeId = useId();
  const board = useMessageBoard(slug);

  return (
    <main className="admin-page admin-page--wide staff-messages">
      <div className="staff-messages__title-row">
        <h1 className="admin-page__title">{t('title')}</h1>
        <span className={board.isLive ? 'badge badge--success' : 'badge'}>
          {tAll(board.isLive ? 'scoreboard.stream.live' : 'scoreboard.stream.polling', {
            seconds: 5,
          })}
        </span>
        <Link className="button button--secondary" to={`/${slug}/live`}>
          {tAll('liveConsole.title')}
        </Link>
      </div>
      <div className="staff-messages__grid">
        <section className="panel" aria-labelledby={composeId}>
          <h2 id={composeId} className="panel__title">
            {t('compose.title')}
          </h2>
          <ComposeForm slug={slug} />
        </section>
        <ThreadsPanel slug={slug} />
      </div>
      <SentMessages slug={slug} />
    </main>
  );
}
