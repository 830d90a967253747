import {
  EMAIL_MAX_LENGTH,
  TEAM_MEMBERS_MAX_LENGTH,
  TEAM_NAME_MAX_LENGTH,
  TOKEN_MAX_LENGTH,
} from '@tappa/domain';
import { z } from 'zod';
import { ACCESS_TYPES, ROUTE_TYPES } from './constants';

// The player API (`players`, `playerRoutes`, `games`) is a tenant's, by its slug. Players have no password: a team is its
// e-mail within a tenant, proven by a signed, httpOnly cookie set after identification (and after
// e-mail verification when mail is configured). Nothing here ever carries an answer.

/** `players.identify`: the e-mail typed on the start screen. */
export const IdentifyRequestSchema = z.object({ email: z.email().max(EMAIL_MAX_LENGTH) });
/** The start screen's e-mail. */
export type IdentifyRequest = z.infer<typeof IdentifyRequestSchema>;

/** A team's registration as its own team sees it. */
export const RegistrationSchema = z.object({
  email: z.string(),
  team_name: z.string(),
  team_members: z.string().nullable(),
  avatar_url: z.string().nullable(),
  /** Whether the team agreed that its approved photos may be shown on the photo wall. */
  photo_wall_consent: z.boolean(),
});
export type Registration = z.infer<typeof RegistrationSchema>;

/** A paused game of the team: the newest per route (doc 2 §3). */
export const PausedGameSchema = z.object({
  id: z.string(),
  route_slug: z.string(),
  route_title: z.string(),
  team_name: z.string(),
  total_score: z.number().int(),
  /** current_step_index + 1 */
  step_number: z.number().int(),
  paused_at: z.string().nullable(),
});
export type PausedGame = z.infer<typeof PausedGameSchema>;

/** What the start screen shows for an identified team (`players.profile` too). */
export const PlayerProfileSchema = z.object({
  email: z.string(),
  registration: RegistrationSchema.nullable(),
  paused_games: z.array(PausedGameSchema),
});
export type PlayerProfile = z.infer<typeof PlayerProfileSchema>;

/**
 * The answer to identify: `verification-sent` when mail is configured and the e-mail is not
 * proven yet (nothing about the team is revealed); otherwise the profile, with the player cookie.
 */
export const IdentifyResponseSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('verification-sent'), email: z.string() }),
  z.object({ mode: z.enum(['returning', 'new']), profile: PlayerProfileSchema }),
]);
export type IdentifyResponse = z.infer<typeof IdentifyResponseSchema>;

/** `players.resendVerification`: the e-mail the verification link goes to again. */
export const ResendVerificationRequestSchema = IdentifyRequestSchema;
export const ResendVerificationResponseSchema = z.object({ email: z.string() });
/** The e-mail the verification link goes to again. */
export type ResendVerificationRequest = z.infer<typeof ResendVerificationRequestSchema>;
export type ResendVerificationResponse = z.infer<typeof ResendVerificationResponseSchema>;

/** `players.verify`: the token of the e-mailed link. */
export const VerifyEmailRequestSchema = z.object({ token: z.string().max(TOKEN_MAX_LENGTH) });
export const VerifyEmailResponseSchema = z.object({ email: z.string() });
/** The token of the e-mailed link. */
export type VerifyEmailRequest = z.infer<typeof VerifyEmailRequestSchema>;
export type VerifyEmailResponse = z.infer<typeof VerifyEmailResponseSchema>;

/** `players.saveRegistration`: multipart with `data` (this JSON) and an optional `avatar`. */
export const RegistrationWriteSchema = z.object({
  team_name: z.string().trim().min(1).max(TEAM_NAME_MAX_LENGTH),
  team_members: z.string().trim().max(TEAM_MEMBERS_MAX_LENGTH).nullable(),
  /**
   * The photo wall's consent (decision 0083). Left out by an older client: a saved registration
   * keeps its choice, a new one has none (the column's default, false).
   */
  photo_wall_consent: z.boolean().optional(),
});
export type RegistrationWrite = z.infer<typeof RegistrationWriteSchema>;

/** A route on the selection page (`playerRoutes.list`, active routes, newest first). */
export const PlayableRouteSchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  image_url: z.string().nullable(),
  access_type: z.enum(ACCESS_TYPES),
  route_type: z.enum(ROUTE_TYPES),
  is_available: z.boolean(),
  /** The current price in cents for a paid route, null when none applies now. */
  price_cents: z.number().int().nullable(),
  /**
   * What the current price row's discount code would make it, in cents, when it has a code that
   * lowers it; null otherwise. The code itself never leaves the server (decision 0058).
   */
  code_price_cents: z.number().int().nullable(),
  /** The team's game in progress on this route (not all steps ok or skipped), if any. */
  in_progress: z
    .object({ game_id: z.string(), done: z.number().int(), total: z.number().int() })
    .nullable(),
});
export type PlayableRoute = z.infer<typeof PlayableRouteSchema>;
export const PlayableRouteListSchema = z.object({ routes: z.array(PlayableRouteSchema) });
export type PlayableRouteList = z.infer<typeof PlayableRouteListSchema>;

/** `playerRoutes.start`: the game to play, or where to pay. */
export const StartRouteResponseSchema = z.discriminatedUnion('next', [
  z.object({ next: z.literal('play'), game_id: z.string(), route_slug: z.string() }),
  z.object({ next: z.literal('code') }),
  z.object({ next: z.literal('payment'), price_cents: z.number().int(), route_id: z.string() }),
]);
export type StartRouteResponse = z.infer<typeof StartRouteResponseSchema>;

/** `playerRoutes.redeem`: an access code (8 characters). */
export const RedeemCodeRequestSchema = z.object({ code: z.string().max(TOKEN_MAX_LENGTH) });
export type RedeemCodeRequest = z.infer<typeof RedeemCodeRequestSchema>;

/** `playerRoutes.details`: the route details page (no tasks, no answers). */
export const RouteDetailsSchema = PlayableRouteSchema.omit({ in_progress: true }).extend({
  key_elements: z.string().nullable(),
  places: z.array(
    z.object({
      ord: z.number().int(),
      place: z.string(),
      lat: z.number(),
      lng: z.number(),
      media_types: z.array(z.enum(['image', 'audio', 'video'])),
    }),
  ),
  total_distance_km: z.number(),
});
export type RouteDetails = z.infer<typeof RouteDetailsSchema>;
