import type { Backup } from '@tappa/contracts';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useBackupDownloadLink } from '../../api/backups';
import { FormActions } from '../../components/form-actions';
import { Field } from '../../components/form-field';
import { Modal } from '../../components/modal';
import { errorText } from '../../lib/error-text';
import { useTranslation } from '../../lib/i18n';
import './backups.css';

/** Props of `BackupDownloadDialog`. */
export interface BackupDownloadDialogProps {
  backup: Backup;
  onClose: () => void;
  /** The link the server gave: the page follows it, and the browser saves the archive. */
  onLink: (url: string) => void;
}

/**
 * The fresh sign-in before a download (decision 0078): an archive holds personal data, so the
 * superadmin gives the password again and gets a link that works for a minute.
 */
export function BackupDownloadDialog({ backup, onClose, onLink }: BackupDownloadDialogProps) {
  const { t } = useTranslation();
  const link = useBackupDownloadLink();
  const [password, setPassword] = useState('');

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    link.mutate({ archive: backup.name, password }, { onSuccess: ({ url }) => onLink(url) });
  }

  return (
    <Modal
      title={t('backups.passwordTitle')}
      closeLabel={t('backups.close')}
      size="small"
      onClose={onClose}
    >
      <form className="form" onSubmit={handleSubmit}>
        <p className="backup-download__intro">
          {t('backups.passwordIntro', { name: backup.name })}
        </p>
        {link.error ? (
          <p role="alert" className="alert alert--error">
            {errorText(link.error, t)}
          </p>
        ) : null}
        <Field label={t('backups.password')} required>
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <FormActions
          submitLabel={t('backups.submit')}
          pendingLabel={t('backups.submitting')}
          isPending={link.isPending}
          disabled={password === ''}
          cancelLabel={t('backups.cancel')}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}
