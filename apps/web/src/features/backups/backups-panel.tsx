import type { Backup } from '@tappa/contracts';
import { useCallback, useId, useState } from 'react';
import { useBackups, useCreateBackup, useDeleteBackup } from '../../api/backups';
import { AdminTable } from '../../components/admin-table';
import { Notice, useNotice } from '../../components/notice';
import { QueryState } from '../../components/query-state';
import { TenantTime } from '../../components/tenant-clock';
import { dialogs } from '../../lib/dialogs';
import { followDownload } from '../../lib/download';
import { errorText } from '../../lib/error-text';
import { formatFileSize } from '../../lib/file-size';
import { useTranslation } from '../../lib/i18n';
import { BackupDownloadDialog } from './backup-download-dialog';
import '../../components/admin-ui.css';
import './backups.css';

/** A success message stays 3 seconds, as the other panels' do. */
export const BACKUP_NOTICE_MS = 3000;

/**
 * The Backup panel (issue 32, decision 0078): the daily schedule's settings, 'Back up now', and
 * the archives, newest first, each downloaded after the password is given again, or deleted.
 * Restoring is a command on the server, as the panel says.
 */
export function BackupsPanel({
  onDownload = followDownload,
}: {
  onDownload?: (url: string) => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const list = useBackups();
  const create = useCreateBackup();
  const remove = useDeleteBackup();
  const { notice, show, dismiss } = useNotice(BACKUP_NOTICE_MS);
  const [downloading, setDownloading] = useState<Backup | null>(null);
  const closeDownload = useCallback(() => setDownloading(null), []);

  function handleCreate() {
    dismiss();
    create.mutate(undefined, {
      onSuccess: ({ backup }) =>
        show({ kind: 'success', text: t('backups.created', { name: backup.name }) }),
      onError: (error) => show({ kind: 'error', text: errorText(error, t) }),
    });
  }

  async function handleDelete(backup: Backup) {
    if (!(await dialogs.confirm(t('backups.confirmDelete', { name: backup.name })))) return;
    dismiss();
    remove.mutate(backup.name, {
      onSuccess: () => show({ kind: 'success', text: t('backups.deleted') }),
      onError: (error) => show({ kind: 'error', text: errorText(error, t) }),
    });
  }

  return (
    <section className="panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="panel__title">
        {t('backups.title')}
      </h2>
      <Notice notice={notice} dismissLabel={t('backups.close')} onDismiss={dismiss} />
      <QueryState query={list}>
        {({ backups, schedule }) => (
          <>
            <p>
              {schedule.time === null
                ? t('backups.scheduleOff')
                : t('backups.schedule', { time: schedule.time, keep: schedule.keep })}{' '}
              {schedule.target === 's3' ? t('backups.targetS3') : t('backups.targetFolder')}{' '}
              {schedule.encrypted ? t('backups.encrypted') : t('backups.notEncrypted')}
            </p>
            <p className="muted">{t('backups.restoreHint')}</p>
            <div className="backups__actions">
              <button
                type="button"
                className="btn btn--primary"
                disabled={create.isPending}
                onClick={handleCreate}
              >
                {create.isPending ? t('backups.creating') : t('backups.create')}
              </button>
            </div>
            {backups.length === 0 ? (
              <p className="muted">{t('backups.empty')}</p>
            ) : (
              <AdminTable
                label={t('backups.title')}
                columns={[
                  t('backups.columns.created'),
                  t('backups.columns.name'),
                  t('backups.columns.size'),
                  t('backups.columns.actions'),
                ]}
              >
                {backups.map((backup) => (
                  <tr key={backup.name}>
                    <td>
                      <TenantTime iso={backup.created_at} style="dateTimeSeconds" />
                    </td>
                    <td>
                      <code>{backup.name}</code>
                      {backup.encrypted ? (
                        <span className="badge">{t('backups.encryptedBadge')}</span>
                      ) : null}
                    </td>
                    <td>{formatFileSize(backup.bytes)}</td>
                    <td>
                      <div className="table__actions">
                        <button
                          type="button"
                          className="btn btn--small"
                          aria-label={t('backups.downloadOf', { name: backup.name })}
                          onClick={() => setDownloading(backup)}
                        >
                          {t('backups.download')}
                        </button>
                        <button
                          type="button"
                          className="btn btn--small btn--danger"
                          aria-label={t('backups.deleteOf', { name: backup.name })}
                          disabled={remove.isPending && remove.variables === backup.name}
                          onClick={() => void handleDelete(backup)}
                        >
                          {t('backups.delete')}
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </AdminTable>
            )}
          </>
        )}
      </QueryState>
      {downloading ? (
        <BackupDownloadDialog
          backup={downloading}
          onClose={closeDownload}
          onLink={(url) => {
            setDownloading(null);
            onDownload(url);
          }}
        />
      ) : null}
    </section>
  );
}
