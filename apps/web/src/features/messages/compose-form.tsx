import { MESSAGE_MAX_LENGTH } from '@tappa/domain';
import { useId, useRef, useState, type FormEvent } from 'react';
import { writeMessage } from '../../api/message-write';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import '../../lib/messages-texts';
import { useMutation } from '../../lib/query';

/**
 * 'Scrivi all'organizzatore': a line to the tenant's staff (at most MESSAGE_MAX_LENGTH
 * characters, counted as typed). 'Invia' sends it with an action id that a retry of the same text
 * keeps, so a line sent twice on a bad connection is kept once; a refusal shows in words.
 */
export function ComposeForm({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [text, setText] = useState('');
  const pending = useRef<{ body: string; id: string } | null>(null);
  const send = useMutation({
    mutationFn: (body: string) => {
      if (pending.current?.body !== body) pending.current = { body, id: crypto.randomUUID() };
      return writeMessage(slug, body, pending.current.id);
    },
    onSuccess: () => {
      pending.current = null;
      setText('');
    },
  });
  const body = text.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (body !== '' && !send.isPending) send.mutate(body);
  };
  return (
    <form className="player-field inbox__compose" onSubmit={submit}>
      <label htmlFor={fieldId} className="player-field__label">
        {t('messages.write')}
      </label>
      <textarea
        id={fieldId}
        className="player-input inbox__field"
        rows={3}
        maxLength={MESSAGE_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <span className="length-count">
        {text.length}/{MESSAGE_MAX_LENGTH}
      </span>
      {send.isError && (
        <p className="player-alert" role="alert">
          {errorText(send.error, t)}
        </p>
      )}
      <button type="submit" className="player-button" disabled={body === '' || send.isPending}>
        {t('messages.send')}
      </button>
    </form>
  );
}
