import type { Readable } from 'node:stream';
import type { AlbumSummary } from '@tappa/contracts';
import { distinctFileNames, safeFileName } from '@tappa/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/db';
import type { TenantScope } from '../../../db/scope';
import { AppError } from '../../../errors';
import type { StorageDriver } from '../../../infra/storage/storage';
import { fitsZip, type ZipFile, zipSize, zipStream } from '../../../infra/zip';
import { listSteps, requireRoute } from '../../routes/routes.service';
import { findOwnGameWithRoute } from '../games.repository';
import { openStepPhoto, photoSentAt, statStepPhoto } from '../photos.service';
import { listAlbumPhotos } from './album.repository';

// The photo album (issue 34, decision 0082): a route's photos for its staff, one folder per team,
// or a team's own, as a ZIP streamed from storage one photo at a time. Planned first: every photo
// is looked up in storage for its size, so an album over a ZIP's limits is refused before a byte
// is sent, and its summary says what the download will hold.

/** What an album's planning and writing need. */
export interface AlbumDeps {
  db: Db;
  storage: StorageDriver;
  logger: Pick<FastifyBaseLogger, 'warn'>;
  /** The photos' time when their URL carries none. */
  now: Date;
}

/** A photo of an album: its game step, its path in the ZIP, its time and its size. */
interface AlbumPhoto {
  gameStepId: string;
  name: string;
  modifiedAt: Date;
  sizeBytes: number;
}

/** An album ready to be written: the ZIP's file name and the photos found in storage. */
export interface Album {
  fileName: string;
  photos: AlbumPhoto[];
}

/** A photo's name when its place leaves nothing (`safeFileName`). */
const PLACE_FALLBACK = 'Tappa';
/** A folder's name when its team's name leaves nothing. */
const TEAM_FALLBACK = 'Squadra';
/** Photos looked up in storage at once while an album is planned. */
const LOOKUPS_AT_ONCE = 8;

/** A route's album, for its staff: `<route slug>-foto.zip`, a folder per game's team. */
export async function planRouteAlbum(
  deps: AlbumDeps,
  scope: TenantScope,
  routeId: string,
): Promise<Album> {
  const route = await requireRoute(deps.db, scope, routeId);
  const [rows, routeSteps] = await Promise.all([
    listAlbumPhotos(deps.db, scope, { routeId: route.id }),
    listSteps(deps.db, scope, route.id),
  ]);
  const gameIds = [...new Set(rows.map((row) => row.game_id))];
  const teamOf = new Map(rows.map((row) => [row.game_id, row.team_name]));
  const folders = distinctFileNames(
    gameIds.map((id) => safeFileName(teamOf.get(id) ?? '', TEAM_FALLBACK)),
  );
  const folderOf = new Map(gameIds.map((id, i) => [id, folders[i]!]));
  const nameOf = photoNamer(routeSteps);
  const photos = rows.map((row) => ({
    gameStepId: row.game_step_id,
    name: `${folderOf.get(row.game_id)!}/${nameOf(row.step_id, row.place)}`,
    modifiedAt: photoSentAt(row.photo_url ?? '') ?? deps.now,
  }));
  return { fileName: `${route.slug}-foto.zip`, photos: await sized(deps, scope, photos) };
}

/** A team's album of its own game: `<route slug>-<team>.zip`, the photos without a folder. */
export async function planTeamAlbum(
  deps: AlbumDeps,
  scope: TenantScope,
  opts: { gameId: string; email: string },
): Promise<Album> {
  // Another team's game is as missing as one that does not exist.
  const own = await findOwnGameWithRoute(deps.db, scope, opts);
  if (!own) throw new AppError('game_not_found');
  const [rows, routeSteps] = await Promise.all([
    listAlbumPhotos(deps.db, scope, { gameId: own.game.id }),
    listSteps(deps.db, scope, own.route.id),
  ]);
  const nameOf = photoNamer(routeSteps);
  const photos = rows.map((row) => ({
    gameStepId: row.game_step_id,
    name: nameOf(row.step_id, row.place),
    modifiedAt: photoSentAt(row.photo_url ?? '') ?? deps.now,
  }));
  const team = safeFileName(`${own.route.slug}-${own.game.team_name}`, own.route.slug);
  return { fileName: `${team}.zip`, photos: await sized(deps, scope, photos) };
}

/** What an album's download will hold. */
export function summarizeAlbum(album: Album): AlbumSummary {
  return { photos: album.photos.length, bytes: zipSize(album.photos) };
}

/**
 * The album's ZIP, each photo read from storage only as the reader takes the ZIP; a photo whose
 * file went missing since the album was planned is left out (and logged).
 */
export function writeAlbum(
  deps: Pick<AlbumDeps, 'storage' | 'logger'>,
  scope: TenantScope,
  opts: { album: Album; timeZone: string },
): Readable {
  async function* files(): AsyncGenerator<ZipFile> {
    for (const photo of opts.album.photos) {
      const stored = await openStepPhoto(deps.storage, scope, photo.gameStepId);
      if (stored) yield { name: photo.name, modifiedAt: photo.modifiedAt, body: stored.body };
      else missing(deps, photo.gameStepId);
    }
  }
  return zipStream(files(), { timeZone: opts.timeZone });
}

/**
 * `03 - Fontana di Trevi.jpg`: a photo's name from its step's place in the route, numbered from
 * 1 with as many digits as the route's last step (at least two), so the files sort in order.
 */
function photoNamer(routeSteps: readonly { id: string }[]) {
  const numberOf = new Map(routeSteps.map((step, i) => [step.id, i + 1]));
  const width = Math.max(2, String(routeSteps.length).length);
  return (stepId: string, place: string) => {
    const number = String(numberOf.get(stepId) ?? 0).padStart(width, '0');
    return `${number} - ${safeFileName(place, PLACE_FALLBACK)}.jpg`;
  };
}

function missing(deps: Pick<AlbumDeps, 'logger'>, gameStepId: string): void {
  deps.logger.warn({ gameStepId }, 'album: a photo has no file in storage, left out');
}

/**
 * The photos found in storage with their sizes (a missing one left out and logged), refused
 * when none is left (`album_empty`) or when their ZIP would not fit ZIP's 32-bit fields
 * (`album_too_large`; ZIP64 is not written).
 */
async function sized(
  deps: AlbumDeps,
  scope: TenantScope,
  photos: readonly Omit<AlbumPhoto, 'sizeBytes'>[],
): Promise<AlbumPhoto[]> {
  const sizes: (number | null)[] = new Array<number | null>(photos.length).fill(null);
  let next = 0;
  const lookUp = async () => {
    for (let i = next++; i < photos.length; i = next++) {
      sizes[i] = await statStepPhoto(deps.storage, scope, photos[i]!.gameStepId);
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, photos.length) }, lookUp));
  const found = photos.flatMap((photo, i) => {
    const sizeBytes = sizes[i];
    if (sizeBytes === null || sizeBytes === undefined) {
      missing(deps, photo.gameStepId);
      return [];
    }
    return [{ ...photo, sizeBytes }];
  });
  if (found.length === 0) throw new AppError('album_empty');
  if (!fitsZip(found)) throw new AppError('album_too_large');
  return found;
}
