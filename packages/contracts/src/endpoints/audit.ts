import type { AuditLogPage, AuditLogQuery } from '../audit';
import { endpoint, shape } from '../endpoint';

/** The superadmin's audit log: the platform's changes, newest first. */
export const audit = {
  /** A page of entries older than `before`, newest first. */
  page: endpoint({
    method: 'GET',
    path: '/api/platform/audit-log',
    access: 'superadmin',
    query: shape<AuditLogQuery>(),
    response: shape<AuditLogPage>(),
  }),
};
