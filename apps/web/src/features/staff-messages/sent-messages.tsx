import type { StaffMessage } from '@tappa/contracts';
import { useId, useState } from 'react';
import { useCancelMessage, useStaffMessages } from '../../api/staff-messages';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingSpinner } from '../../components/loading-spinner';
import { MessageText } from '../../components/message-text';
import { useTenantClock } from '../../components/tenant-clock';
import { dialogs, toasts } from '../../lib/dialogs';
import { errorText } from '../../lib/error-text';
import { type TFunction, useTranslation } from '../../lib/i18n';
import { RecipientsDialog } from './recipients-dialog';

/** Whether an announcement waits for its time (neither sent nor taken back). */
export function isScheduled(message: StaffMessage): boolean {
  return message.sent_at === null && message.cancelled_at === null;
}

/**
 * 'Inviati e programmati': the tenant's announcements, the newest written first, a page at a
 * time; each with its audience, its time, what its teams received and read, its recipients, and
 * 'Annulla' while it is scheduled.
 */
export function SentMessages({ slug }: { slug: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'staffMessages.sent' });
  const { t: tAll } = useTranslation();
  const headingId = useId();
  const list = useStaffMessages(slug);
  const cancel = useCancelMessage(slug);
  const [shown, setShown] = useState<StaffMessage | null>(null);
  const messages = list.data?.pages.flatMap((page) => page.messages) ?? [];

  const handleCancel = async (message: StaffMessage) => {
    if (!(await dialogs.confirm(t('confirmCancel')))) return;
    cancel.mutate(message.id, { onSuccess: () => toasts.success(t('cancelled')) });
  };

  return (
    <section className="panel staff-messages__sent" aria-labelledby={headingId}>
      <h2 id={headingId} className="panel__title">
        {t('title')}
      </h2>
      <ErrorAlert text={cancel.error ? errorText(cancel.error, tAll) : null} />
      {list.isPending ? (
        <LoadingSpinner />
      ) : list.isError ? (
        <ErrorAlert text={errorText(list.error, tAll)} />
      ) : messages.length === 0 ? (
        <p className="muted">{t('empty')}</p>
      ) : (
        <ul className="staff-messages__list">
          {messages.map((message) => (
            <SentMessageItem
              key={message.id}
              message={message}
              isCancelling={cancel.isPending && cancel.variables === message.id}
              onRecipients={() => setShown(message)}
              onCancel={() => void handleCancel(message)}
            />
          ))}
        </ul>
      )}
      {list.hasNextPage ? (
        <button
          type="button"
          className="btn"
          disabled={list.isFetchingNextPage}
          onClick={() => void list.fetchNextPage()}
        >
          {t('more')}
        </button>
      ) : null}
      {shown ? (
        <RecipientsDialog slug={slug} message={shown} onClose={() => setShown(null)} />
      ) : null}
    </section>
  );
}

/** Props of `SentMessageItem`. */
interface SentMessageItemProps {
  message: StaffMessage;
  isCancelling: boolean;
  onRecipients: () => void;
  onCancel: () => void;
}

/** One announcement of the list. */
function SentMessageItem({ message, isCancelling, onRecipients, onCancel }: SentMessageItemProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'staffMessages.sent' });
  const clock = useTenantClock();
  const scheduled = isScheduled(message);
  const { counts } = message;
  return (
    <li className="staff-messages__item">
      <MessageText text={message.body} />
      <p className="staff-messages__meta muted">
        <span>{audienceText(message, t)}</span>
        <span>{whenText(message, t, (iso) => clock(iso, 'dateTime'))}</span>
        {message.author_email ? <span>{t('by', { email: message.author_email })}</span> : null}
      </p>
      <p className="staff-messages__badges">
        {scheduled ? <span className="badge badge--accent">{t('statusScheduled')}</span> : null}
        {message.cancelled_at ? <span className="badge">{t('statusCancelled')}</span> : null}
        {message.read_confirmation ? (
          <span className="badge badge--warning">{t('readConfirmation')}</span>
        ) : null}
      </p>
      {message.sent_at ? (
        <p className="staff-messages__counts">
          {t('counts', {
            received: counts.received,
            read: counts.read,
            addressed: counts.addressed,
          })}
        </p>
      ) : null}
      <div className="staff-messages__actions">
        {message.sent_at ? (
          <button type="button" className="btn btn--small" onClick={onRecipients}>
            {t('recipients')}
          </button>
        ) : null}
        {scheduled ? (
          <button
            type="button"
            className="btn btn--small btn--danger"
            disabled={isCancelling}
            onClick={onCancel}
          >
            {t('cancel')}
          </button>
        ) : null}
      </div>
    </li>
  );
}

type SentT = TFunction<'staffMessages.sent'>;

/** Whom an announcement is for. */
function audienceText(message: StaffMessage, t: SentT): string {
  switch (message.audience) {
    case 'tenant':
      return t('toTenant');
    case 'route':
      return t('toRoute', { route: message.route?.title ?? '—' });
    case 'team':
      return t('toTeam', { team: message.team?.name ?? '—' });
  }
}

/** When an announcement went, is to go, or was taken back. */
function whenText(message: StaffMessage, t: SentT, format: (iso: string) => string): string {
  if (message.cancelled_at) return t('cancelledAt', { time: format(message.cancelled_at) });
  if (message.sent_at) return t('sentAt', { time: format(message.sent_at) });
  return t('scheduledAt', { time: format(message.send_at) });
}
