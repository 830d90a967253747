import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  backups,
  BackupCreatedResponseSchema,
  BackupDownloadLinkSchema,
  BackupDownloadRequestSchema,
  BackupListResponseSchema,
  type Backup,
} from '@tappa/contracts';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../errors';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';
import { auditActor, recordAudit } from '../audit/audit.service';
import { RATE_LIMITS } from '../limits/route-limits';
import { getOrCreateSecret } from '../platform/platform.service';
import { type Identity, isIdentityRefusal } from '../users/identity';
import { type KeptBackup, writeBackup } from './backup.service';
import { aloneOnDatabase } from './backup-schedule';
import type { BackupStore, StoredBackup } from './backup-store';

// The superadmin's Backup panel (issue 32, decision 0078): list, write now, download after the
// password is given again, delete. Restoring stays a command (`npm run restore`).

const tags = ['platform'];
/** How long a download link works once the password was given. */
export const BACKUP_LINK_TTL_MS = 60_000;

const present = (backup: StoredBackup): Backup => ({
  name: backup.name,
  bytes: backup.bytes,
  created_at: backup.createdAt.toISOString(),
  encrypted: backup.encrypted,
});

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A download link's token: when it expires and a MAC over who may use it, for which archive,
 * until when. Signed rather than stored, so any instance behind the load balancer takes it.
 */
function signLink(secret: string, userId: string, archive: string, expiresMs: number): string {
  const mac = createHmac('sha256', secret)
    .update(`${userId}\n${archive}\n${expiresMs}`)
    .digest('base64url');
  return `${expiresMs}.${mac}`;
}

function isLinkValid(
  secret: string,
  token: string,
  userId: string,
  archive: string,
  nowMs: number,
): boolean {
  const [expires = '', mac = ''] = token.split('.');
  const expiresMs = Number(expires);
  if (!/^\d+$/.test(expires) || expiresMs < nowMs) return false;
  const expected = Buffer.from(signLink(secret, userId, archive, expiresMs));
  const given = Buffer.from(`${expires}.${mac}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The routes of `backups` (`@tappa/contracts`). */
export const backupsEndpoints: FastifyPluginAsync<
  Pick<ModuleDeps, 'db' | 'clock' | 'storage' | 'config' | 'access' | 'metrics'> & {
    database: DatabaseHandle;
    identity: Identity;
    store: BackupStore;
  }
> = async (app, { db, clock, storage, config, access, metrics, database, identity, store }) => {
  const serve = servesOn(app, access);
  const secret = await getOrCreateSecret(db, 'backup-download');
  /** The backup this instance is writing (another instance's is seen through the lock). */
  let writing: Promise<unknown> | null = null;

  serve(backups.list, { response: BackupListResponseSchema }, { tags }, async () => ({
    backups: (await store.list()).map(present),
    schedule: {
      time: config.backupTime
        ? `${pad(config.backupTime.hour)}:${pad(config.backupTime.minute)}`
        : null,
      keep: config.backupKeep,
      target: store.target,
      encrypted: config.backupEncryptionKey !== null,
    },
  }));

  serve(
    backups.create,
    { response: BackupCreatedResponseSchema },
    { tags },
    async ({ caller, request }) => {
      if (writing) throw new AppError('backup_running');
      const out: { kept?: KeptBackup } = {};
      writing = aloneOnDatabase(database, async () => {
        out.kept = await writeBackup({
          database,
          storage,
          store,
          secret: config.backupEncryptionKey,
          now: clock.now(),
        });
      });
      try {
        await writing;
      } finally {
        writing = null;
      }
      // Another instance holds the lock: it is writing one.
      if (!out.kept) throw new AppError('backup_running');
      const { name, manifest } = out.kept;
      metrics.backupWritten(new Date(manifest.created_at));
      await recordAudit(db, {
        actor: auditActor(caller, request.ip),
        action: 'backup.create',
        target: { id: name, label: name },
        now: clock.now(),
      });
      return {
        backup: {
          name,
          bytes: out.kept.bytes,
          created_at: out.kept.manifest.created_at,
          encrypted: config.backupEncryptionKey !== null,
        },
      };
    },
  );

  serve(
    backups.downloadLink,
    { body: BackupDownloadRequestSchema, response: BackupDownloadLinkSchema },
    { tags, rateLimit: RATE_LIMITS.signIn },
    async ({ caller, params, body, request }) => {
      if (!(await store.list()).some((b) => b.name === params.archive)) {
        throw new AppError('backup_not_found');
      }
      try {
        await identity.api.verifyPassword({
          body: { password: body.password },
          headers: fromNodeHeaders(request.headers),
        });
      } catch (err) {
        if (isIdentityRefusal(err)) throw new AppError('backup_password_wrong');
        throw err;
      }
      const expiresMs = clock.nowMs() + BACKUP_LINK_TTL_MS;
      await recordAudit(db, {
        actor: auditActor(caller, request.ip),
        action: 'backup.download',
        target: { id: params.archive, label: params.archive },
        now: clock.now(),
      });
      const token = signLink(secret, caller.profile.id, params.archive, expiresMs);
      return {
        url: `${backups.download.path.replace(':archive', params.archive)}?token=${token}`,
        expires_at: new Date(expiresMs).toISOString(),
      };
    },
  );

  serve(
    backups.download,
    { query: z.object({ token: z.string().max(200) }) },
    { tags, summary: 'The archive, with a download link from `download-link`', compress: false },
    async ({ caller, params, query, reply }) => {
      if (!isLinkValid(secret, query.token, caller.profile.id, params.archive, clock.nowMs())) {
        throw new AppError('backup_link_invalid');
      }
      const archive = await store.open(params.archive);
      if (!archive) throw new AppError('backup_not_found');
      return reply
        .type('application/octet-stream')
        .header('content-disposition', `attachment; filename="${params.archive}"`)
        .header('content-length', archive.bytes)
        .header('cache-control', 'no-store')
        .send(archive.body);
    },
  );

  serve(backups.remove, {}, { tags }, async ({ caller, params, request }) => {
    if (!(await store.remove(params.archive))) {
      throw new AppError('backup_not_found');
    }
    await recordAudit(db, {
      actor: auditActor(caller, request.ip),
      action: 'backup.delete',
      target: { id: params.archive, label: params.archive },
      now: clock.now(),
    });
    return undefined;
  });
};
