import type { MessageRecipient, StaffMessage } from '@tappa/contracts';
import { useMessageRecipients } from '../../api/staff-messages';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingSpinner } from '../../components/loading-spinner';
import { MessageText } from '../../components/message-text';
import { Modal } from '../../components/modal';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';

/** Props of `RecipientsDialog`. */
export interface RecipientsDialogProps {
  slug: string;
  message: StaffMessage;
  onClose: () => void;
}

/**
 * An announcement's recipients: the teams that have not received it yet, and those that received
 * it but have not read it (every team read it: said so).
 */
export function RecipientsDialog({ slug, message, onClose }: RecipientsDialogProps) {
  const { t } = useTranslation(undefined, { keyPrefix: 'staffMessages.recipients' });
  const { t: tAll } = useTranslation();
  const recipients = useMessageRecipients(slug, message.id);
  const all = recipients.data?.recipients ?? [];
  // The counts as they are now, once read (the list's may be older).
  const counts = (recipients.data?.message ?? message).counts;
  const notReceived = all.filter((team) => team.received_at === null);
  const notRead = all.filter((team) => team.received_at !== null && team.read_at === null);

  return (
    <Modal title={t('title')} closeLabel={tAll('staffMessages.compose.close')} onClose={onClose}>
      <MessageText text={message.body} className="staff-messages__quoted" />
      <p className="staff-messages__counts">{tAll('staffMessages.sent.counts', { ...counts })}</p>
      {recipients.isPending ? (
        <LoadingSpinner />
      ) : recipients.isError ? (
        <ErrorAlert text={errorText(recipients.error, tAll)} />
      ) : notReceived.length === 0 && notRead.length === 0 ? (
        <p>{t('allRead')}</p>
      ) : (
        <>
          <TeamList title={t('notReceived', { count: notReceived.length })} teams={notReceived} />
          <TeamList title={t('notRead', { count: notRead.length })} teams={notRead} />
        </>
      )}
    </Modal>
  );
}

/** A heading and the teams under it ('Nessuna' when there are none). */
function TeamList({ title, teams }: { title: string; teams: readonly MessageRecipient[] }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'staffMessages.recipients' });
  return (
    <section className="staff-messages__recipients">
      <h3>{title}</h3>
      {teams.length === 0 ? (
        <p className="muted">{t('noneWaiting')}</p>
      ) : (
        <ul>
          {teams.map((team) => (
            <li key={team.team_id}>{team.team_name}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
