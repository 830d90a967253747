import type {
  BackupCreatedResponse,
  BackupDownloadLink,
  BackupDownloadRequest,
  BackupListResponse,
} from '../backups';
import { endpoint, shape } from '../endpoint';

const BACKUPS = '/api/platform/backups';

/** The superadmin's Backup panel (issue 32, decision 0078). */
export const backups = {
  /** The archives, newest first, and the daily schedule's settings. */
  list: endpoint({
    method: 'GET',
    path: BACKUPS,
    access: 'superadmin',
    response: shape<BackupListResponse>(),
  }),
  /** Writes a backup now (409 while another is being written). */
  create: endpoint({
    method: 'POST',
    path: BACKUPS,
    access: 'superadmin',
    status: 201,
    response: shape<BackupCreatedResponse>(),
  }),
  /** The password given again → a short-lived link to the archive (the fresh sign-in). */
  downloadLink: endpoint({
    method: 'POST',
    path: `${BACKUPS}/:archive/download-link`,
    access: 'superadmin',
    body: shape<BackupDownloadRequest>(),
    response: shape<BackupDownloadLink>(),
  }),
  /** The archive itself, with the link's token; a file, not JSON. */
  download: endpoint({
    method: 'GET',
    path: `${BACKUPS}/:archive/download`,
    access: 'superadmin',
    query: shape<{ token: string }>(),
  }),
  /** Removes an archive. */
  remove: endpoint({
    method: 'DELETE',
    path: `${BACKUPS}/:archive`,
    access: 'superadmin',
    status: 204,
  }),
};
