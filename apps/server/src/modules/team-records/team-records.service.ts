import type { TeamErasure, TeamExport, TenantTeamDetail } from '@tappa/contracts';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import { removeOutboxMailsTo } from '../../infra/mailer';
import { deleteObjects, type StorageDriver, storedKeyOf } from '../../infra/storage/storage';
import { forgetCodeRedeemer } from '../access-codes/access-codes.service';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import { exportFixes } from '../games/fixes/fixes.service';
import { removeStepPhotos } from '../games/photos.service';
import { eraseTeamGames, listTeamGames } from '../games/team-games.service';
import { anonymiseTeamPayments } from '../payments/route-payments.service';
import { deleteRegistration, findRegistrationById } from '../players/players.service';
import { eraseTeamMessages, teamMessages } from '../messages/messages.service';
import { deleteTeamRows } from '../scoreboards/scoreboards.service';

/**
 * A registered team of the tenant and its games, for the staff (decision 0034). A team of another
 * tenant is a 404, like one that does not exist.
 */
export async function loadTeamDetail(
  db: Db,
  scope: TenantScope,
  teamId: string,
): Promise<TenantTeamDetail> {
  const found = await findRegistrationById(db, scope, { id: teamId });
  if (!found) throw new AppError('team_not_found');
  const { registration } = found;
  return {
    id: registration.id,
    team_name: registration.team_name,
    email: registration.email,
    avatar_url: registration.avatar_url,
    route_title: found.route_title,
    registered_at: registration.registered_at.toISOString(),
    games: await listTeamGames(db, scope, registration.email),
    messages: await teamMessages(db, scope, registration.id),
  };
}

/**
 * Everything the tenant keeps about a team (its access request): its detail and the positions
 * its phones shared (decision 0086). A team of another tenant is a 404.
 */
export async function exportTeam(
  db: Db,
  scope: TenantScope,
  opts: { teamId: string; now: Date },
): Promise<TeamExport> {
  const detail = await loadTeamDetail(db, scope, opts.teamId);
  const gameIds = detail.games.map((game) => game.id);
  return {
    ...detail,
    exported_at: opts.now.toISOString(),
    fixes: await exportFixes(db, scope, gameIds),
  };
}

/** What the erasure leaves to do once committed: files to remove, scoreboards to refresh. */
export interface TeamErasureOutcome {
  erased: TeamErasure;
  /** The routes whose scoreboards changed. */
  routeIds: string[];
  /**
   * `bucket/key` of the files storage could not remove and `outbox/{file}` of the mails the
   * outbox kept (the rows are gone already).
   */
  filesLeft: string[];
}

/** What an erasure works with: where files and the outbox are, who erases, and when. */
export interface EraseTeamDeps {
  db: Db;
  storage: StorageDriver;
  /** The outbox folder whose mails to the team go too (decision 0057). */
  outboxDir: string;
  actor: AuditActor;
  tenantName: string;
  now: Date;
}

/**
 * Erases a team of the tenant on its request (decision 0034), in one transaction: its games with
 * their steps, hints taken and kept replies, its scoreboard rows, its e-mail on the codes it
 * used, its e-mail verifications and its registration; its payments stay for the organiser's
 * accounts without its name or e-mail (decision 0057); the audit entry keeps only counts. Its
 * files (game photos, avatar) and its mails in the outbox are removed after the commit, so a
 * rollback never loses a file still named by a row. A team already erased (or of another tenant)
 * is a 404 and nothing changes.
 */
export async function eraseTeam(
  deps: EraseTeamDeps,
  scope: TenantScope,
  teamId: string,
): Promise<TeamErasureOutcome> {
  const done = await deps.db.transaction(async (tx) => {
    // Locked first: the team's route choices and code redemptions wait, then find no team.
    const found = await findRegistrationById(tx, scope, { id: teamId, lock: true });
    if (!found) throw new AppError('team_not_found');
    const { registration } = found;
    const { email } = registration;
    const games = await eraseTeamGames(tx, scope, email);
    const scoreboardRoutes = await deleteTeamRows(tx, scope, email);
    const codes = await forgetCodeRedeemer(tx, scope, email);
    const payments = await anonymiseTeamPayments(tx, scope, registration.id);
    const messages = await eraseTeamMessages(tx, scope, registration.id);
    await deleteRegistration(tx, scope, { id: registration.id, email });
    const avatarKeys = [
      ...new Set(
        [registration.avatar_url, ...games.avatarUrls].flatMap(
          (url) => storedKeyOf('team-avatars', url) ?? [],
        ),
      ),
    ];
    await recordAudit(tx, {
      actor: deps.actor,
      action: 'team.erase',
      // No name, no e-mail: an erasure keeps nothing that identifies the team.
      target: { id: registration.id, label: null },
      details: {
        tenant: deps.tenantName,
        games: String(games.games),
        photos: String(games.photoStepIds.length),
        avatars: String(avatarKeys.length),
        access_codes: String(codes),
        messages: String(messages),
        hints: String(games.hints),
        fixes: String(games.fixes),
        payments_kept: String(payments),
      },
      now: deps.now,
    });
    const routeIds = [...new Set([...games.routeIds, ...scoreboardRoutes])];
    return { games, avatarKeys, payments, messages, email, routeIds };
  });
  const photosLeft = await removeStepPhotos(deps.storage, scope, done.games.photoStepIds);
  const avatarsLeft = await deleteObjects(deps.storage, 'team-avatars', done.avatarKeys);
  const mails = await removeOutboxMailsTo(deps.outboxDir, done.email);
  return {
    erased: {
      games: done.games.games,
      photos: done.games.photoStepIds.length,
      files: done.games.photoStepIds.length + done.avatarKeys.length,
      mails: mails.removed,
      messages: done.messages,
      hints: done.games.hints,
      fixes: done.games.fixes,
      payments_kept: done.payments,
    },
    routeIds: done.routeIds,
    filesLeft: [
      ...photosLeft.map((key) => `game-photos/${key}`),
      ...avatarsLeft.map((key) => `team-avatars/${key}`),
      ...mails.failed.map((file) => `outbox/${file}`),
    ],
  };
}
