import { AuditLogPageSchema, AuditLogQuerySchema } from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../module-deps';
import { getAuditLogPage } from './audit.service';

/** The superadmin's audit log: the platform's changes, newest first, a page at a time. */
export const auditEndpoints: FastifyPluginAsyncZod<Pick<ModuleDeps, 'db' | 'access'>> = async (
  app,
  { db, access },
) => {
  app.get(
    '/api/platform/audit-log',
    {
      schema: {
        tags: ['platform'],
        querystring: AuditLogQuerySchema,
        response: { 200: AuditLogPageSchema },
      },
      config: { access: 'superadmin' },
    },
    async (request) => {
      await access.requireSuperadmin(request);
      return getAuditLogPage(db, request.query.before);
    },
  );
};
