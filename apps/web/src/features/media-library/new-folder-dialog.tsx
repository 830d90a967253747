import { MediaFolderCreateSchema } from '@tappa/contracts';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { type MediaLibrary, useCreateMediaFolder } from '../../api/media-library';
import { ErrorAlert } from '../../components/error-alert';
import { FormActions } from '../../components/form-actions';
import { TextField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { errorText } from '../../lib/error-text';
import { checkRequired, fieldErrorText } from '../../lib/field-checks';
import { useTranslation } from '../../lib/i18n';

/** The longest folder name the server takes (the contract's limit). */
const FOLDER_NAME_MAX_LENGTH = MediaFolderCreateSchema.shape.name.maxLength ?? undefined;

/** Props of `NewFolderDialog`. */
export interface NewFolderDialogProps {
  library: MediaLibrary;
  /** Where the folder goes (null: the root). */
  parentFolderId: string | null;
  onClose: () => void;
  onCreated: () => void;
}

/** The New Folder dialog: a name, non-empty once trimmed. */
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
  const nameError = submitted ? checkRequired(name) : null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (checkRequired(name)) return;
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
          error={fieldErrorText(nameError, t)}
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
