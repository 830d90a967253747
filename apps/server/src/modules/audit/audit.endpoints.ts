import { audit, AuditLogPageSchema, AuditLogQuerySchema } from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { getAuditLogPage } from './audit.service';

/** The route of `audit` (`@tappa/contracts`): the superadmin's audit log, a page at a time. */
export const auditEndpoints: FastifyPluginAsync<Pick<ModuleDeps, 'db' | 'access'>> = async (
  app,
  { db, access },
) => {
  const serve = servesOn(app, access);

  serve(
    audit.page,
    { query: AuditLogQuerySchema, response: AuditLogPageSchema },
    { tags: ['platform'] },
    ({ query }) => getAuditLogPage(db, query.before),
  );
};
