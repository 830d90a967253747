import { randomBytes } from 'node:crypto';
import type { PausedGame, PlayerProfile, Registration } from '@tappa/contracts';
import { formatEuroAmount } from '@tappa/domain';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { checkImage } from '../../infra/images';
import type { StorageDriver } from '../../infra/storage/storage';
import {
  findRegistration,
  type RegistrationRow,
  setRegistrationPaid,
  setRegistrationUnpaid,
  upsertRegistration,
} from './players.repository';

export {
  countActiveRegistrations,
  countRegistrations,
  deleteRegistration,
  findRegistration,
  findRegistrationById,
  lockRegistration,
} from './players.repository';

/** A registration as the team sees it. */
function presentRegistration(row: RegistrationRow): Registration {
  return {
    email: row.email,
    team_name: row.team_name,
    team_members: row.team_members,
    avatar_url: row.avatar_url,
    photo_wall_consent: row.photo_wall_consent,
  };
}

/** The start screen's profile: the team's registration and its paused games (doc 2 §3). */
export async function loadPlayerProfile(
  db: Db,
  scope: TenantScope,
  opts: { email: string; pausedGames: PausedGame[] },
): Promise<PlayerProfile> {
  const registration = await findRegistration(db, scope, opts.email);
  return {
    email: opts.email,
    registration: registration && presentRegistration(registration),
    paused_games: opts.pausedGames,
  };
}

/**
 * Saves the team's registration form: its name and members, the photo wall's consent when sent
 * (an older client leaves it as it was; a new registration starts without it), and its photo when
 * one was sent (checked by content, stored under the tenant with a new name).
 */
export async function saveRegistration(
  deps: { db: Db; storage: StorageDriver; now: Date },
  scope: TenantScope,
  opts: {
    email: string;
    teamName: string;
    teamMembers: string | null;
    photoWallConsent?: boolean;
    avatar: Buffer | null;
  },
): Promise<Registration> {
  let avatarKey: string | null = null;
  if (opts.avatar) {
    const image = await checkImage(opts.avatar, {
      allowed: ['png', 'jpeg', 'webp'],
      maxDimensionPx: 512,
      field: 'avatar',
    });
    avatarKey = `${scope.tenantId}/${deps.now.getTime()}-${randomBytes(4).toString('hex')}.${image.ext}`;
    await deps.storage.put({
      bucket: 'team-avatars',
      key: avatarKey,
      body: image.body,
      contentType: image.contentType,
    });
  }
  let row: RegistrationRow;
  try {
    row = await upsertRegistration(deps.db, scope, opts.email, {
      team_name: opts.teamName,
      team_members: opts.teamMembers,
      ...(opts.photoWallConsent === undefined ? {} : { photo_wall_consent: opts.photoWallConsent }),
      ...(avatarKey ? { avatar_url: deps.storage.publicUrl('team-avatars', avatarKey) } : {}),
    });
  } catch (error) {
    // A registration that was not saved keeps no file: nothing would ever point at it.
    if (avatarKey) await deps.storage.delete('team-avatars', avatarKey).catch(() => undefined);
    throw error;
  }
  return presentRegistration(row);
}

/**
 * Records the route the team chose on its registration (doc 2 §4): played (payment completed)
 * or waiting for payment with its amount. 404 for a team that never registered.
 */
export async function recordRouteChoice(
  db: Db,
  scope: TenantScope,
  opts: {
    email: string;
    routeId: string;
    payment: { status: 'completed' } | { status: 'pending'; amountEuro: string };
  },
): Promise<RegistrationRow> {
  const registration = await findRegistration(db, scope, opts.email);
  if (!registration) throw new AppError('registration_not_found');
  return upsertRegistration(db, scope, opts.email, {
    team_name: registration.team_name,
    route_id: opts.routeId,
    payment_status: opts.payment.status,
    ...(opts.payment.status === 'pending' ? { payment_amount: opts.payment.amountEuro } : {}),
  });
}

/**
 * The team of registration `registrationId` paid `amountCents` for the route (a completed
 * payment the signed webhook confirmed): its registration is completed for that route.
 */
export async function markRegistrationPaid(
  db: Db,
  scope: TenantScope,
  opts: { registrationId: string; routeId: string; amountCents: number },
): Promise<void> {
  await setRegistrationPaid(db, scope, {
    id: opts.registrationId,
    routeId: opts.routeId,
    amountEuro: formatEuroAmount(opts.amountCents),
  });
}

/**
 * The team's payment for the route was refunded (decision 0046): its registration, when it is
 * completed for that route, owes the payment again.
 */
export async function markRegistrationRefunded(
  db: Db,
  scope: TenantScope,
  opts: { registrationId: string; routeId: string },
): Promise<void> {
  await setRegistrationUnpaid(db, scope, { id: opts.registrationId, routeId: opts.routeId });
}
