import type { ThreadLine } from '@tappa/contracts';
import { MESSAGE_MAX_LENGTH } from '@tappa/domain';
import { useId, useState, type FormEvent } from 'react';
import { useReplyThread, useThread } from '../../api/staff-messages';
import { ErrorAlert } from '../../components/error-alert';
import { Field } from '../../components/form-field';
import { FormActions } from '../../components/form-actions';
import { LoadingSpinner } from '../../components/loading-spinner';
import { MessageText } from '../../components/message-text';
import { useTenantClock } from '../../components/tenant-clock';
import { toasts } from '../../lib/dialogs';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';

/**
 * A team's thread, oldest line first (opening it marks the team's lines read), and the reply box;
 * a reply sent again after a failure keeps its action id, so it is written once.
 */
export function ThreadView({ slug, teamId }: { slug: string; teamId: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'staffMessages.threads' });
  const { t: tAll } = useTranslation();
  const headingId = useId();
  const thread = useThread(slug, teamId);
  const reply = useReplyThread(slug, teamId);
  const [body, setBody] = useState('');
  const [isChecked, setIsChecked] = useState(false);
  const [actionId, setActionId] = useState(() => crypto.randomUUID());
  const trimmed = body.trim();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setIsChecked(true);
    if (trimmed.length === 0) return;
    reply.mutate(
      { action_id: actionId, body: trimmed },
      {
        onSuccess: () => {
          toasts.success(t('replied'));
          setBody('');
          setIsChecked(false);
          setActionId(crypto.randomUUID());
        },
      },
    );
  };

  if (thread.isPending) return <LoadingSpinner />;
  if (thread.isError) return <ErrorAlert text={errorText(thread.error, tAll)} />;
  const { team, lines } = thread.data;

  return (
    <section className="staff-messages__thread-view" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('threadOf', { team: team.name })}</h3>
      <ol className="staff-messages__lines">
        {lines.map((line) => (
          <Line key={line.id} line={line} teamName={team.name} />
        ))}
      </ol>
      <form className="form" noValidate onSubmit={handleSubmit}>
        <Field
          label={t('reply')}
          required
          error={isChecked && trimmed.length === 0 ? t('replyRequired') : null}
          hint={`${body.length}/${MESSAGE_MAX_LENGTH}`}
        >
          {(control) => (
            <textarea
              {...control}
              rows={3}
              maxLength={MESSAGE_MAX_LENGTH}
              value={body}
              onChange={(event) => {
                setBody(event.target.value);
                // Another reply now: a new action id, so it is not taken for the one that failed.
                setActionId(crypto.randomUUID());
                reply.reset();
              }}
            />
          )}
        </Field>
        <ErrorAlert text={reply.error ? errorText(reply.error, tAll) : null} />
        <FormActions
          submitLabel={t('replySubmit')}
          pendingLabel={tAll('staffMessages.compose.sending')}
          isPending={reply.isPending}
        />
      </form>
    </section>
  );
}

/** A line of the thread: who wrote it, when, the text, and whether the team read a staff line. */
function Line({ line, teamName }: { line: ThreadLine; teamName: string }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'staffMessages.threads' });
  const clock = useTenantClock();
  const isStaff = line.author === 'staff';
  const author = !isStaff
    ? teamName
    : line.author_email
      ? t('you', { email: line.author_email })
      : t('staff');
  return (
    <li
      className={
        isStaff ? 'staff-messages__line staff-messages__line--staff' : 'staff-messages__line'
      }
    >
      <p className="staff-messages__line-head muted">
        <strong>{author}</strong> · {clock(line.sent_at, 'dateTime')}
        {isStaff && line.read_at ? ` · ${t('readByTeam')}` : null}
      </p>
      <MessageText text={line.body} />
    </li>
  );
}
