import { MediaFolderCreateSchema } from '@tappa/contracts';
import { isValidFolderName } from '@tappa/domain';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { type MediaLibrary, useCreateMediaFolder } from '../../api/media-library';
import { ErrorAlert } from '../../components/error-alert';
import { FormActions } from '../../components/form-actions';
import { TextField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { errorText } from '../../lib/error-text';
import { checkRequired, fieldErrorText } from '../../lib/field-checks';
import { type TFunction, useTranslation } from '../../lib/i18n';

/** The longest folder name the server takes (the contract's limit). */
const FOLDER_NAME_MAX_LENGTH = MediaFolderCreateSchema.shape.name.maxLength ?? undefined;

/** Why the dialog refuses `name` before sending it: required, or the server's folder name rule. */
function folderNameError(name: string, t: TFunction): string | null {
  const required = checkRequired(name);
  if (required) return fieldErrorText(required, t);
  return isValidFolderName(name.trim()) ? null : t('errors.media_folder_name_invalid');
}

/** Props of `NewFolderDialog`. */
export interface NewFolderDialogProps {
  library: MediaLibrary;
  /** Where the folder goes (null: the root). */
  parentFolderId: string | null;
  onClose: () => void;
  onCreated: () => void;
}

/**
 * The New Folder dialog: a name, non-empty once trimmed, without a path separator, a control
 * character or a dot at either end (the server's rule, decision 0059).
 */
export function NewFolderDialog({
  library,
  parentFolderId,
  onClose,
  onCreated,
}: NewFolderDialogProps) {
  const { t } = useTranslation();
  const { t: m } = useTranslation(undefined, { keyPrefix: 'media' });
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const create = useCreateMediaFolder(library);
  const nameError = submitted ? folderNameError(name, t) : null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (folderNameError(name, t) !== null) return;
    create.mutate(
      { name: name.trim(), parent_folder_id: parentFolderId },
      { onSuccess: onCreated },
    );
  }

  return (
    <Modal title={m('newFolder')} closeLabel={m('close')} onClose={onClose} size="small">
      <form className="form" noValidate onSubmit={handleSubmit}>
        <TextField
          label={m('folderName')}
          required
          autoComplete="off"
          maxLength={FOLDER_NAME_MAX_LENGTH}
          value={name}
          onValueChange={setName}
          error={nameError}
        />
        <ErrorAlert text={create.error ? errorText(create.error, t) : null} />
        <FormActions
          submitLabel={m('create')}
          pendingLabel={m('creating')}
          isPending={create.isPending}
          cancelLabel={m('cancel')}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
