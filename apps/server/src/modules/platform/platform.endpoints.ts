import {
  EmailSettingsSchema,
  EmailSettingsWriteSchema,
  PlatformBrandSchema,
  TestEmailResultSchema,
  TestEmailSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleDeps } from '../../module-deps';
import { auditActor } from '../audit/audit.service';
import { getEmailSettingsView, updateEmailSettings } from './email-settings.service';
import { getPlatformBrand, sendTestEmail } from './platform.service';

/** The platform brand for sign-in pages (public), and the superadmin's e-mail settings. */
export const platformEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'config' | 'clock' | 'access'>
> = async (app, { db, config, clock, access }) => {
  app.get(
    '/api/public/platform-brand',
    {
      schema: { tags: ['public'], response: { 200: PlatformBrandSchema } },
      config: { access: 'public' },
    },
    () => getPlatformBrand(db),
  );

  app.get(
    '/api/platform/email-settings',
    {
      schema: { tags: ['platform'], response: { 200: EmailSettingsSchema } },
      config: { access: 'superadmin' },
    },
    async (request) => {
      await access.requireSuperadmin(request);
      return getEmailSettingsView({ db, config });
    },
  );

  app.put(
    '/api/platform/email-settings',
    {
      schema: {
        tags: ['platform'],
        body: EmailSettingsWriteSchema,
        response: { 200: EmailSettingsSchema },
      },
      config: { access: 'superadmin' },
    },
    async (request) => {
      const caller = await access.requireSuperadmin(request);
      await updateEmailSettings(
        { db, config, actor: auditActor(caller, request.ip), now: clock.now() },
        request.body,
      );
      return getEmailSettingsView({ db, config });
    },
  );

  app.post(
    '/api/platform/email-settings/test',
    {
      schema: {
        tags: ['platform'],
        body: TestEmailSchema,
        response: { 200: TestEmailResultSchema },
      },
      config: { access: 'superadmin' },
    },
    async (request) => {
      await access.requireSuperadmin(request);
      const sent = await sendTestEmail(
        { db, config, logger: request.log },
        request.body.test_email,
      );
      return { ok: true as const, transport: sent.transport };
    },
  );
};
