import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../../db/db';
import type { TenantScope } from '../../db/scope';
import { AppError } from '../../errors';
import type { Clock } from '../../infra/clock';
import type { StorageDriver } from '../../infra/storage/storage';
import type { MediaLimits } from '../media/media.service';
import { uploadFile } from '../media/media-upload.service';
import { findRouteBySlug } from './routes.repository';
import { importRoute } from './routes.service';
import { sampleStepImage } from './sample-images';

/** What the sample route needs: the database, and the storage and limits of the media library. */
export interface SampleRouteDeps {
  db: Db;
  storage: StorageDriver;
  clock: Clock;
  limits: MediaLimits;
}

/** Reads the sample route shipped with the project (the Rome fixture, the demo's route). */
export async function readSampleRoute(): Promise<string> {
  const require = createRequire(import.meta.url);
  return readFile(require.resolve('@tappa/domain/fixtures/route-roma-centro.json'), 'utf8');
}

/** The audio clip and the video made for the sample (scripts/make-demo-media.mjs). */
const SAMPLE_MEDIA_DIR = fileURLToPath(new URL('./sample-media/', import.meta.url));
const SAMPLE_CLIPS = { audio: 'campo-de-fiori.m4a', video: 'vittoriano.mp4' } as const;

/** How many numbered slugs (`roma-centro-storico-2`, `-3`, …) the sample tries before giving up. */
const SAMPLE_SLUG_TRIES = 50;

interface SampleStep {
  place: string;
  media?: { type: string; caption?: string; alt?: string; url?: string; code?: string }[];
}

/**
 * Puts the sample's media into the tenant's library (a drawn picture per step, the audio clip
 * and the video) and points the route's steps at them by code: the route shows real media, from
 * the project itself, and no external address.
 */
export async function withSampleMedia(
  deps: SampleRouteDeps,
  scope: TenantScope,
  routeJson: string,
): Promise<string> {
  const route = JSON.parse(routeJson) as { steps: SampleStep[] };
  const lib = { kind: 'tenant', scope } as const;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tappa-sample-'));
  const add = async (filename: string, file: string) => {
    const uploaded = await uploadFile(
      deps,
      lib,
      { path: file, sizeBytes: (await stat(file)).size, filename, folderId: null },
      null,
    );
    return uploaded.unique_code;
  };
  try {
    const clips = {
      audio: await add(SAMPLE_CLIPS.audio, path.join(SAMPLE_MEDIA_DIR, SAMPLE_CLIPS.audio)),
      video: await add(SAMPLE_CLIPS.video, path.join(SAMPLE_MEDIA_DIR, SAMPLE_CLIPS.video)),
    };
    for (const [index, step] of route.steps.entries()) {
      const file = path.join(dir, `tappa-${index + 1}.jpg`);
      await writeFile(file, await sampleStepImage(index + 1));
      const image = await add(`tappa-${index + 1}.jpg`, file);
      const others = (step.media ?? []).filter((item) => item.type !== 'image');
      step.media = [
        { type: 'image', code: image, url: '', caption: step.place, alt: step.place },
        ...others.map(({ url: _url, ...item }) =>
          item.type === 'audio' || item.type === 'video'
            ? { ...item, url: '', code: clips[item.type] }
            : { ...item, url: '' },
        ),
      ];
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return JSON.stringify(route);
}

/** The sample's own slug when the tenant has no route by it, else the first free `slug-N`. */
async function freeSampleSlug(db: Db, scope: TenantScope, slug: string): Promise<string> {
  for (let n = 1; n <= SAMPLE_SLUG_TRIES; n += 1) {
    const candidate = n === 1 ? slug : `${slug}-${n}`;
    if (!(await findRouteBySlug(db, scope, { slug: candidate, activeOnly: false }))) {
      return candidate;
    }
  }
  throw new AppError('route_slug_taken', { slug });
}

/**
 * Imports the sample route into the tenant as a new route, through the same import (and
 * validation) as a route JSON: a tenant that already has a route by the sample's slug gets the
 * sample under the next free one, so an organiser's edited copy is never overwritten.
 */
export async function importSampleRoute(deps: SampleRouteDeps, scope: TenantScope) {
  const sample = JSON.parse(await readSampleRoute()) as { id: string };
  return deps.db.transaction(async (tx) => {
    const slug = await freeSampleSlug(tx, scope, sample.id);
    const json = await withSampleMedia(
      { ...deps, db: tx },
      scope,
      JSON.stringify({ ...sample, id: slug }),
    );
    return importRoute(tx, scope, json);
  });
}
