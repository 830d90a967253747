import { randomBytes } from 'node:crypto';
import {
  IdentifyRequestSchema,
  IdentifyResponseSchema,
  PlayableRouteListSchema,
  PlayerProfileSchema,
  RedeemCodeRequestSchema,
  RegistrationSchema,
  RegistrationWriteSchema,
  RouteDetailsSchema,
  StartRouteResponseSchema,
  VerifyEmailRequestSchema,
  VerifyEmailResponseSchema,
} from '@tappa/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { checkImage } from '../../infra/images';
import type { StorageDriver } from '../../infra/storage/storage';
import { readMultipartForm } from '../../plugins/multipart';
import { RATE_LIMITS, WindowCounter } from '../../plugins/rate-limit';
import { isMailDeliveryOn } from '../platform/platform.service';
import { upsertRegistration } from './play.repository';
import { readPlayerEmail, setPlayerCookie } from './player-cookie';
import { loadRouteDetails } from './route-details.service';
import { pauseOwnGame, resumeOwnGame } from './player-games.service';
import { chooseRoute, listPlayableRoutes, redeemAccessCode } from './player-routes.service';
import {
  loadPlayerProfile,
  requirePlayableTenant,
  sendVerificationLink,
  verifyEmailToken,
} from './player.service';

const Slug = z.object({ slug: z.string() });
const RouteSlug = z.object({ slug: z.string(), routeSlug: z.string() });

/** The player API (doc 2 §2 and §4): identification, registration, route choice and codes. */
export const playEndpoints: FastifyPluginAsyncZod<{
  db: Database;
  config: AppConfig;
  storage: StorageDriver;
  now?: () => number;
}> = async (app, { db, config, storage, now = Date.now }) => {
  const secure = config.publicUrl.startsWith('https://');
  // Verification mails per address and hour: nobody can flood someone's mailbox through us.
  const verificationMails = new WindowCounter({ windowMs: 60 * 60 * 1000, max: 5, now });
  const tenantOf = (slug: string) => requirePlayableTenant(db, slug, new Date(now()));
  /** The tenant and the team this browser proved; 401 without a player cookie. */
  const playerOf = async (request: FastifyRequest, slug: string) => {
    const found = await tenantOf(slug);
    const email = readPlayerEmail(request, found.tenant.id);
    if (!email) throw new AppError('unauthenticated', 'Sessione non valida');
    return { ...found, email };
  };

  app.post(
    '/api/play/:slug/identify',
    {
      schema: {
        tags: ['play'],
        params: Slug,
        body: IdentifyRequestSchema,
        response: { 200: IdentifyResponseSchema },
      },
      config: { rateLimit: RATE_LIMITS.playerIdentify },
    },
    async (request, reply) => {
      const { tenant, scope } = await tenantOf(request.params.slug);
      const email = request.body.email.trim().toLowerCase();
      const proven = readPlayerEmail(request, tenant.id) === email;
      const deps = { db, config, logger: request.log, now: new Date(now()) };
      if (!proven && (await isMailDeliveryOn(deps))) {
        if (verificationMails.isLimited(email)) {
          throw new AppError(
            'rate_limited',
            'Troppe richieste per questa email: riprova più tardi',
          );
        }
        verificationMails.hit(email);
        await sendVerificationLink(deps, tenant, email);
        return { mode: 'verification-sent' as const, email };
      }
      setPlayerCookie(reply, { tenantId: tenant.id, email, secure });
      const profile = await loadPlayerProfile(db, scope, email);
      return { mode: profile.registration ? ('returning' as const) : ('new' as const), profile };
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
      config: { rateLimit: RATE_LIMITS.code },
    },
    async (request, reply) => {
      const { tenant, scope } = await tenantOf(request.params.slug);
      const email = await verifyEmailToken(db, scope, {
        token: request.body.token,
        now: new Date(now()),
      });
      setPlayerCookie(reply, { tenantId: tenant.id, email, secure });
      return { email };
    },
  );

  app.get(
    '/api/play/:slug/me',
    { schema: { tags: ['play'], params: Slug, response: { 200: PlayerProfileSchema } } },
    async (request) => {
      const { scope, email } = await playerOf(request, request.params.slug);
      return loadPlayerProfile(db, scope, email);
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
    },
    async (request) => {
      const { tenant, scope, email } = await playerOf(request, request.params.slug);
      const form = await readMultipartForm(request, ['avatar']);
      const parsed = RegistrationWriteSchema.safeParse(form.data);
      if (!parsed.success)
        throw new AppError('validation_failed', 'Il nome della squadra è obbligatorio');
      const file = form.files.get('avatar');
      let avatarUrl: string | undefined;
      if (file) {
        const image = await checkImage(file, {
          allowed: ['png', 'jpeg', 'webp'],
          maxDimensionPx: 512,
          label: 'Foto',
        });
        const key = `${tenant.id}/${now()}-${randomBytes(4).toString('hex')}.${image.ext}`;
        await storage.put({
          bucket: 'team-avatars',
          key,
          body: image.body,
          contentType: image.contentType,
        });
        avatarUrl = storage.publicUrl('team-avatars', key);
      }
      const row = await upsertRegistration(db, scope, {
        email,
        team_name: parsed.data.team_name,
        team_members: parsed.data.team_members || null,
        ...(avatarUrl ? { avatar_url: avatarUrl } : {}),
      });
      return {
        email: row.email,
        team_name: row.team_name,
        team_members: row.team_members,
        avatar_url: row.avatar_url,
      };
    },
  );

  app.get(
    '/api/play/:slug/routes',
    { schema: { tags: ['play'], params: Slug, response: { 200: PlayableRouteListSchema } } },
    async (request) => {
      const { tenant, scope } = await tenantOf(request.params.slug);
      const email = readPlayerEmail(request, tenant.id);
      return {
        routes: await listPlayableRoutes(db, scope, {
          email,
          now: new Date(now()),
          timeZone: tenant.time_zone,
        }),
      };
    },
  );

  app.get(
    '/api/play/:slug/routes/:routeSlug',
    { schema: { tags: ['play'], params: RouteSlug, response: { 200: RouteDetailsSchema } } },
    async (request) => {
      const { tenant, scope } = await tenantOf(request.params.slug);
      return loadRouteDetails(db, scope, {
        routeSlug: request.params.routeSlug,
        now: new Date(now()),
        timeZone: tenant.time_zone,
      });
    },
  );

  app.post(
    '/api/play/:slug/routes/:routeSlug/start',
    { schema: { tags: ['play'], params: RouteSlug, response: { 200: StartRouteResponseSchema } } },
    async (request) => {
      const { tenant, scope, email } = await playerOf(request, request.params.slug);
      return chooseRoute(db, scope, {
        routeSlug: request.params.routeSlug,
        email,
        now: new Date(now()),
        timeZone: tenant.time_zone,
      });
    },
  );

  app.post(
    '/api/play/:slug/routes/:routeSlug/redeem',
    {
      schema: {
        tags: ['play'],
        params: RouteSlug,
        body: RedeemCodeRequestSchema,
        response: { 200: StartRouteResponseSchema },
      },
      config: { rateLimit: RATE_LIMITS.code },
    },
    async (request) => {
      const { scope, email } = await playerOf(request, request.params.slug);
      return redeemAccessCode(db, scope, {
        routeSlug: request.params.routeSlug,
        code: request.body.code,
        email,
        now: new Date(now()),
      });
    },
  );

  app.post(
    '/api/play/:slug/games/:gameId/resume',
    {
      schema: {
        tags: ['play'],
        params: z.object({ slug: z.string(), gameId: z.uuid() }),
        response: { 200: StartRouteResponseSchema },
      },
    },
    async (request) => {
      const { scope, email } = await playerOf(request, request.params.slug);
      return resumeOwnGame(db, scope, {
        gameId: request.params.gameId,
        email,
        now: new Date(now()),
      });
    },
  );

  app.post(
    '/api/play/:slug/games/:gameId/pause',
    { schema: { tags: ['play'], params: z.object({ slug: z.string(), gameId: z.uuid() }) } },
    async (request, reply) => {
      const { scope, email } = await playerOf(request, request.params.slug);
      await pauseOwnGame(db, scope, { gameId: request.params.gameId, email, now: new Date(now()) });
      return reply.status(204).send();
    },
  );
};
