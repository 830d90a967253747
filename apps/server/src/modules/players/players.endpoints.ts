import {
  IdentifyRequestSchema,
  IdentifyResponseSchema,
  type PausedGame,
  PlayerProfileSchema,
  players,
  RegistrationSchema,
  RegistrationWriteSchema,
  ResendVerificationRequestSchema,
  ResendVerificationResponseSchema,
  VerifyEmailRequestSchema,
  VerifyEmailResponseSchema,
} from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import type { ModuleDeps } from '../../module-deps';
import { readMultipartForm } from '../../plugins/multipart';
import { setPlayerCookie } from '../access/player-cookie';
import { MULTIPART, servesOn } from '../access/serve';
import { RATE_LIMITS } from '../limits/route-limits';
import { isMailDeliveryOn } from '../platform/platform.service';
import { loadPlayerProfile, saveRegistration } from './players.service';
import { sendLimitedVerificationLink, verifyEmailToken } from './verification.service';

const tags = ['play'];

/**
 * The routes of `players` (`@tappa/contracts`), the team's identity with a tenant (doc 2 §2 and
 * §4): identification by e-mail (proven by a link when mail is configured), the profile, and the
 * registration form.
 */
export const playersEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'access' | 'clock' | 'config' | 'storage'> & {
    /** The team's paused games (the games module's, given by the composition root). */
    listPausedGames: (scope: TenantScope, email: string) => Promise<PausedGame[]>;
  }
> = async (app, { db, access, clock, config, storage, listPausedGames }) => {
  const serve = servesOn(app, access);
  const secure = config.publicUrl.startsWith('https://');
  const profileOf = async (scope: TenantScope, email: string) =>
    loadPlayerProfile(db, scope, { email, pausedGames: await listPausedGames(scope, email) });

  serve(
    players.identify,
    { body: IdentifyRequestSchema, response: IdentifyResponseSchema },
    { tags, rateLimit: RATE_LIMITS.playerIdentify },
    async ({ caller: { tenant, scope }, body, request, reply }) => {
      const email = body.email.trim().toLowerCase();
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

  serve(
    players.resendVerification,
    { body: ResendVerificationRequestSchema, response: ResendVerificationResponseSchema },
    // Per address (the mails' bucket, shared with identify) and per client, like other mails.
    { tags, rateLimit: RATE_LIMITS.mail },
    async ({ caller: { tenant, scope }, body, request }) => {
      const email = body.email.trim().toLowerCase();
      const deps = { db, config, logger: request.log, now: clock.now() };
      // Only a link is ever sent here, never the cookie: without mail, identify lets teams in.
      if (!(await isMailDeliveryOn(deps))) throw new AppError('verification_not_needed');
      await sendLimitedVerificationLink(deps, { scope, name: tenant.name }, email);
      return { email };
    },
  );

  serve(
    players.verify,
    { body: VerifyEmailRequestSchema, response: VerifyEmailResponseSchema },
    { tags, rateLimit: RATE_LIMITS.code },
    async ({ caller: { tenant, scope }, body, reply }) => {
      const email = await verifyEmailToken(db, scope, { token: body.token, now: clock.now() });
      setPlayerCookie(reply, { tenantId: tenant.id, email, secure });
      return { email };
    },
  );

  serve(players.profile, { response: PlayerProfileSchema }, { tags }, ({ caller }) =>
    profileOf(caller.scope, caller.email),
  );

  serve(
    players.saveRegistration,
    { body: MULTIPART, response: RegistrationSchema },
    { tags },
    async ({ caller: { scope, email }, request }) => {
      const form = await readMultipartForm(request, ['avatar']);
      const parsed = RegistrationWriteSchema.safeParse(form.data);
      if (!parsed.success) {
        // A text over its limit or a consent that is not a boolean names its field; anything else
        // is the spec's missing team name.
        const named = parsed.error.issues.filter(
          (issue) => issue.code === 'too_big' || issue.path[0] === 'photo_wall_consent',
        );
        if (named.length === 0) throw new AppError('team_name_required');
        const fields = named.map((issue) => issue.path.join('.')).join(', ');
        throw new AppError('validation_failed', { fields }, { message: parsed.error.message });
      }
      return saveRegistration({ db, storage, now: clock.now() }, scope, {
        email,
        teamName: parsed.data.team_name,
        teamMembers: parsed.data.team_members || null,
        photoWallConsent: parsed.data.photo_wall_consent,
        avatar: form.files.get('avatar') ?? null,
      });
    },
  );
};
