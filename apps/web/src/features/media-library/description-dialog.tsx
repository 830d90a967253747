import { type MediaFile, MediaFileUpdateSchema } from '@tappa/contracts';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { type MediaLibrary, useUpdateMediaFile } from '../../api/media-library';
import { ErrorAlert } from '../../components/error-alert';
import { FormActions } from '../../components/form-actions';
import { TextField } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';

/** The longest description the server takes (the contract's limit). */
const DESCRIPTION_MAX_LENGTH =
  MediaFileUpdateSchema.shape.description.unwrap().maxLength ?? undefined;

/** Props of `DescriptionDialog`. */
export interface DescriptionDialogProps {
  library: MediaLibrary;
  file: MediaFile;
  onClose: () => void;
  onSaved: () => void;
}

/** Edits a file's description; a blank one clears it. */
export function DescriptionDialog({ library, file, onClose, onSaved }: DescriptionDialogProps) {
  const { t } = useTranslation();
  const { t: m } = useTranslation(undefined, { keyPrefix: 'media' });
  const [description, setDescription] = useState(file.description ?? '');
  const update = useUpdateMediaFile(library);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = description.trim();
    update.mutate(
      { fileId: file.id, body: { description: text === '' ? null : text } },
      { onSuccess: onSaved },
    );
  }

  return (
    <Modal
      title={m('descriptionTitle', { filename: file.filename })}
      closeLabel={m('close')}
      onClose={onClose}
    >
      <form className="form" noValidate onSubmit={handleSubmit}>
        <TextField
          label={m('description')}
          multiline
          maxLength={DESCRIPTION_MAX_LENGTH}
          value={description}
          onValueChange={setDescription}
        />
        <ErrorAlert text={update.error ? errorText(update.error, t) : null} />
        <FormActions
          submitLabel={m('save')}
          pendingLabel={m('saving')}
          isPending={update.isPending}
          cancelLabel={m('cancel')}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
