import {
  EmailSettingsSchema,
  EmailSettingsWriteSchema,
  emailSettings,
  publicPlatformBrand,
  PlatformBrandSchema,
  TestEmailResultSchema,
  TestEmailSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { auditActor } from '../audit/audit.service';
import { getEmailSettingsView, updateEmailSettings } from './email-settings.service';
import { getPlatformBrand, sendTestEmail } from './platform.service';

const tags = ['platform'];

/**
 * The platform brand for sign-in pages (`publicPlatformBrand.read`, public) and the superadmin's
 * e-mail settings (`emailSettings`, `@tappa/contracts`).
 */
export const platformEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'config' | 'clock' | 'access'>
> = async (app, { db, config, clock, access }) => {
  const serve = servesOn(app, access);

  serve(publicPlatformBrand.read, { response: PlatformBrandSchema }, { tags: ['public'] }, () =>
    getPlatformBrand(db),
  );

  serve(emailSettings.read, { response: EmailSettingsSchema }, { tags }, () =>
    getEmailSettingsView({ db, config }),
  );

  serve(
    emailSettings.save,
    { body: EmailSettingsWriteSchema, response: EmailSettingsSchema },
    { tags },
    async ({ caller, body, request }) => {
      await updateEmailSettings(
        { db, config, actor: auditActor(caller, request.ip), now: clock.now() },
        body,
      );
      return getEmailSettingsView({ db, config });
    },
  );

  serve(
    emailSettings.test,
    { body: TestEmailSchema, response: TestEmailResultSchema },
    { tags },
    async ({ body, request }) => {
      const sent = await sendTestEmail({ db, config, logger: request.log }, body.test_email);
      return { ok: true as const, transport: sent.transport };
    },
  );
};
