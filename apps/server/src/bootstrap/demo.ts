import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db/db';
import type { TenantScope } from '../db/scope';
import type { Clock } from '../infra/clock';
import type { StorageDriver } from '../infra/storage/storage';
import type { MediaLimits } from '../modules/media/media.service';
import { uploadFile } from '../modules/media/media-upload.service';
import { importRoute } from '../modules/routes/routes.service';
import { createFirstTenant } from '../modules/tenants/tenants.service';
import { BOOTSTRAP_LOCK } from '../modules/users/accounts.service';
import { demoStepImage } from './demo-images';

export const DEMO_TENANT_SLUG = 'demo';
export const DEMO_ADMIN_EMAIL = 'admin@demo.tappa.local';

/** What `seedDemo` did, so the caller can tell the operator how to sign in. */
export type DemoOutcome =
  | { seeded: false }
  | { seeded: true; adminEmail: string; adminPassword: string; routeSlug: string };

/** What seeding needs: the database, and the storage and limits its media library uses. */
export interface DemoDeps {
  db: Db;
  storage: StorageDriver;
  clock: Clock;
  limits: MediaLimits;
}

/** Reads the demo route shipped with the project (the Rome fixture). */
export async function readDemoRoute(): Promise<string> {
  const require = createRequire(import.meta.url);
  return readFile(require.resolve('@tappa/domain/fixtures/route-roma-centro.json'), 'utf8');
}

/** The audio clip and the video made for the demo (scripts/make-demo-media.mjs). */
const DEMO_MEDIA_DIR = fileURLToPath(new URL('./demo-media/', import.meta.url));
const DEMO_CLIPS = { audio: 'campo-de-fiori.m4a', video: 'vittoriano.mp4' } as const;

interface RouteStep {
  place: string;
  media?: { type: string; caption?: string; alt?: string; url?: string; code?: string }[];
}

/**
 * Puts the demo's media into its tenant's library (a drawn picture per step, the audio clip and
 * the video) and points the route's steps at them by code: the demo shows real media, from the
 * project itself, and no external address.
 */
async function withDemoMedia(
  deps: DemoDeps,
  scope: TenantScope,
  routeJson: string,
): Promise<string> {
  const route = JSON.parse(routeJson) as { steps: RouteStep[] };
  const lib = { kind: 'tenant', scope } as const;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tappa-demo-'));
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
      audio: await add(DEMO_CLIPS.audio, path.join(DEMO_MEDIA_DIR, DEMO_CLIPS.audio)),
      video: await add(DEMO_CLIPS.video, path.join(DEMO_MEDIA_DIR, DEMO_CLIPS.video)),
    };
    for (const [index, step] of route.steps.entries()) {
      const file = path.join(dir, `tappa-${index + 1}.jpg`);
      await writeFile(file, await demoStepImage(index + 1));
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

/**
 * Seeds a demo tenant with default branding, one tenant admin, its media and the demo route, only
 * into a database without tenants, so a restart never seeds twice.
 */
export async function seedDemo(deps: DemoDeps, now: Date): Promise<DemoOutcome> {
  const demoRoute = await readDemoRoute();
  const adminPassword = randomBytes(9).toString('base64url');
  return deps.db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL seed one after the other.
    await tx.lock(BOOTSTRAP_LOCK);
    const tenant = await createFirstTenant(tx, {
      values: {
        slug: DEMO_TENANT_SLUG,
        name: 'Tappa Demo',
        company_name: 'Tappa Demo',
        admin_email: DEMO_ADMIN_EMAIL,
        city: 'Roma',
      },
      adminPassword,
      adminName: 'Demo Admin',
      now,
    });
    if (!tenant) return { seeded: false };
    const scope = {
      kind: 'tenant',
      tenantId: tenant.id,
      slug: DEMO_TENANT_SLUG,
      role: 'superadmin',
    } as const;
    const routeJson = await withDemoMedia({ ...deps, db: tx }, scope, demoRoute);
    const { route } = await importRoute(tx, scope, routeJson);
    return { seeded: true, adminEmail: DEMO_ADMIN_EMAIL, adminPassword, routeSlug: route.slug };
  });
}
