import {
  IdentifyRequestSchema,
  IdentifyResponseSchema,
  type PausedGame,
  PlayerProfileSchema,
  RegistrationSchema,
  RegistrationWriteSchema,
  ResendVerificationRequestSchema,
  ResendVerificationResponseSchema,
  VerifyEmailRequestSchema,
  VerifyEmailResponseSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import type { ModuleDeps } from '../../module-deps';
import { readMultipartForm } from '../../plugins/multipart';
import { setPlayerCookie } from '../access/player-cookie';
import { RATE_LIMITS } from '../limits/route-limits';
import { isMailDeliveryOn } from '../platform/platform.service';
import { loadPlayerProfile, saveRegistration } from './players.service';
import { sendLimitedVerificationLink, verifyEmailToken } from './verification.service';

const Slug = z.object({ slug: z.string() });

/**
 * The team's identity with a tenant (doc 2 §2 and §4): identification by e-mail (proven by a
 * link when mail is configured), the profile, and the registration form.
 */
export const playersEndpoints: FastifyPluginAsyncZod<
  Pick<ModuleDeps, 'db' | 'access' | 'clock' | 'config' | 'storage'> & {
    /** The team's paused games (the games module's, given by the composition root). */
    listPausedGames: (scope: TenantScope, email: string) => Promise<PausedGame[]>;
  }
> = async (app, { db, access, clock, config, storage, listPausedGames }) => {
  const secure = config.publicUrl.startsWith('https://');
  const profileOf = async (scope: TenantScope, email: string) =>
    loadPlayerProfile(db, scope, { email, pausedGames: await listPausedGames(scope, email) });

  app.post(
    '/api/play/:slug/identify',
    {
      schema: {
        tags: ['play'],
        params: Slug,
        body: IdentifyRequestSchema,
        response: { 200: IdentifyResponseSchema },
      },
      config: { access: 'public-tenant', rateLimit: RATE_LIMITS.playerIdentify },
    },
    async (request, reply) => {
      const { tenant, scope } = await access.requirePlayableTenant(request.params.slug);
      const email = request.body.email.trim().toLowerCase();
      const proven = access.readPlayer(request, tenant.id) === email;
      const deps = { db, config, logger: request.log, now: clock.now() };
      if (!proven && (await isMailDeliveryOn(deps))) {
        await sendLimitedVerificationLink(deps, { scope, name: tenant.name }, email);
        return { mode: 'verification-sent' as const, email };
      }
      setPlayerCookie(reply, { tenantId: tenant.id, email, secure });
      const profile = await profileOf(scope, email);
      return { mode: profile.registration ? ('returning' as const) : ('new' as const), profile };
    },
  );

  app.post(
    '/api/play/:slug/verification/resend',
    {
      schema: {
        tags: ['play'],
        params: Slug,
        body: ResendVerificationRequestSchema,
        response: { 200: ResendVerificationResponseSchema },
      },
      // Per address (the mails' bucket, shared with identify) and per client, like other mails.
      config: { access: 'public-tenant', rateLimit: RATE_LIMITS.mail },
    },
    async (request) => {
      const { tenant, scope } = await access.requirePlayableTenant(request.params.slug);
      const email = request.body.email.trim().toLowerCase();
      const deps = { db, config, logger: request.log, now: clock.now() };
      // Only a link is ever sent here, never the cookie: without mail, identify lets teams in.
      if (!(await isMailDeliveryOn(deps))) throw new AppError('verification_not_needed');
      await sendLimitedVerificationLink(deps, { scope, name: tenant.name }, email);
      return { email };
    },
  );

  app.post(
    '/api/play/:slug/verify',
    {
      schema: {
        tags: ['play'],
        params: Slug,
        body: VerifyEmailRequestSchema,
        response: { 200: VerifyEmailResponseSchema },
      },
      config: { access: 'public-tenant', rateLimit: RATE_LIMITS.code },
    },
    async (request, reply) => {
      const { tenant, scope } = await access.requirePlayableTenant(request.params.slug);
      const email = await verifyEmailToken(db, scope, {
        token: request.body.token,
        now: clock.now(),
      });
      setPlayerCookie(reply, { tenantId: tenant.id, email, secure });
      return { email };
    },
  );

  app.get(
    '/api/play/:slug/me',
    {
      schema: { tags: ['play'], params: Slug, response: { 200: PlayerProfileSchema } },
      config: { access: 'player' },
    },
    async (request) => {
      const { scope, email } = await access.requirePlayer(request, request.params.slug);
      return profileOf(scope, email);
    },
  );

  app.put(
    '/api/play/:slug/registration',
    {
      schema: {
        tags: ['play'],
        params: Slug,
        consumes: ['multipart/form-data'],
        response: { 200: RegistrationSchema },
      },
      config: { access: 'player' },
    },
    async (request) => {
      const { scope, email } = await access.requirePlayer(request, request.params.slug);
      const form = await readMultipartForm(request, ['avatar']);
      const parsed = RegistrationWriteSchema.safeParse(form.data);
      if (!parsed.success) {
        // A text over its limit names its field; anything else is the spec's missing team name.
        const tooLong = parsed.error.issues.filter((issue) => issue.code === 'too_big');
        if (tooLong.length === 0) throw new AppError('team_name_required');
        const fields = tooLong.map((issue) => issue.path.join('.')).join(', ');
        throw new AppError('validation_failed', { fields }, { message: parsed.error.message });
      }
      return saveRegistration({ db, storage, now: clock.now() }, scope, {
        email,
        teamName: parsed.data.team_name,
        teamMembers: parsed.data.team_members || null,
        avatar: form.files.get('avatar') ?? null,
      });
    },
  );
};
