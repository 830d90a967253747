import { SCORE_REASON_MAX_LENGTH } from '@tappa/domain';
import type { LiveTeam } from '@tappa/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { Field } from '../../components/form-field';
import { FormActions } from '../../components/form-actions';
import { LengthCount } from '../../components/length-count';
import { Modal } from '../../components/modal';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import '../../components/forms.css';

/** An id made once per dialog: a retry of the same dialog sends the same `action_id`. */
export function useActionId(): string {
  const [id] = useState(() => crypto.randomUUID());
  return id;
}

/** The required reason of a staff action, with its length count. */
export function ReasonField({
  value,
  onChange,
  label,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  error: string | null;
}) {
  return (
    <Field
      label={label}
      required
      error={error}
      hint={<LengthCount length={value.length} max={SCORE_REASON_MAX_LENGTH} />}
    >
      {(control) => (
        <textarea
          {...control}
          rows={2}
          maxLength={SCORE_REASON_MAX_LENGTH}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

/** The frame of every action dialog: its form, error and buttons. */
export function ActionForm({
  title,
  submitLabel,
  isPending,
  error,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  isPending: boolean;
  error: unknown;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(undefined, { keyPrefix: 'liveConsole' });
  const { t: tAll } = useTranslation();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Modal title={title} closeLabel={t('close')} onClose={onClose}>
      <form className="form" noValidate onSubmit={handleSubmit}>
        {children}
        <ErrorAlert text={error ? errorText(error, tAll) : null} />
        <FormActions
          submitLabel={submitLabel}
          pendingLabel={t('sending')}
          isPending={isPending}
          cancelLabel={t('cancel')}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}

/** The reason as the server takes it, or the error to show. */
export function checkedReason(reason: string): string | null {
  const trimmed = reason.trim();
  return trimmed.length > 0 && trimmed.length <= SCORE_REASON_MAX_LENGTH ? trimmed : null;
}

/** Props of the dialogs on one team. */
export interface TeamDialogProps {
  slug: string;
  team: LiveTeam;
  onClose: () => void;
}

/** A whole number typed on a phone's numeric keypad, with its error once the form was sent. */
export function NumberField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  return (
    <Field label={props.label} required error={props.error}>
      {(control) => (
        <input
          {...control}
          inputMode="numeric"
          value={props.value}
          onChange={(event) => props.onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
