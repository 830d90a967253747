import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Haproxy, startHaproxy } from '../../../apps/server/test/helpers/haproxy';
import { createHttpClient, type HttpClient } from '../lib/http-client';
import type { Engine } from '../lib/options';
import { createPostgresDatabase, type ServerProcess, startServer } from '../lib/server-process';
import { benchRouteJson, setUpWorld, type StaffWorld, withStaff } from '../lib/setup';
import { OPTIONS, ROUTE_STEPS } from './options';
import { eventRouteJson } from './route';

/** One way to run the server: PGlite, or PostgreSQL with one instance or two behind HAProxy. */
export interface Configuration {
  name: string;
  engine: Engine;
  instances: 1 | 2;
}

/** The configurations of the run, in order, from `--databases`. */
export function configurations(): Configuration[] {
  return OPTIONS.databases.flatMap((engine): Configuration[] =>
    engine === 'pglite'
      ? [{ name: 'pglite', engine, instances: 1 }]
      : [
          { name: 'postgres ×1', engine, instances: 1 },
          { name: 'postgres ×2 (HAProxy)', engine, instances: 2 },
        ],
  );
}

/** Fresh servers of a configuration, and the address the clients use (HAProxy's with two). */
export interface Deployment {
  config: Configuration;
  instances: ServerProcess[];
  /** Where phones, viewers and consoles connect. */
  url: string;
  lb: Haproxy | null;
  /** The scratch PostgreSQL database's name; null on PGlite. */
  database: string | null;
  stop(): Promise<void>;
}

/**
 * Starts a configuration on a fresh database, each instance as `npm start` runs it (built first
 * when stale), each with its own DATA_DIR (on
 * PostgreSQL they share the database; photos stay in the DATA_DIR of the instance that took
 * them, where the deployment would use S3); two instances behind HAProxy running
 * deploy/haproxy.cfg. `stop()` removes everything it made, also after a failed start.
 */
export async function startDeployment(config: Configuration): Promise<Deployment> {
  const cleanups: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  };
  try {
    const dataDirs = await Promise.all(
      Array.from({ length: config.instances }, () =>
        mkdtemp(path.join(os.tmpdir(), 'tappa-bench-event-')),
      ),
    );
    cleanups.push(async () => {
      for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
    });
    const pg = config.engine === 'postgres' ? await createPostgresDatabase(OPTIONS.adminUrl) : null;
    if (pg) cleanups.push(() => pg.drop());
    const instances: ServerProcess[] = [];
    cleanups.push(async () => {
      await Promise.all(instances.map((instance) => instance.stop()));
    });
    // One after the other: the first migrates the fresh database.
    for (const dataDir of dataDirs) {
      instances.push(await startServer({ dataDir, databaseUrl: pg?.url ?? null, asStarted: true }));
    }
    let lb: Haproxy | null = null;
    if (config.instances === 2) {
      const [a, b] = instances.map((instance) => new URL(instance.baseUrl).host);
      const started = await startHaproxy([a ?? '', b ?? '']);
      lb = started;
      cleanups.push(() => started.close());
    }
    const url = lb?.url ?? instances[0]?.baseUrl ?? '';
    const database = pg ? new URL(pg.url).pathname.slice(1) : null;
    return { config, instances, url, lb, database, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The world of the event: its tenant, route (and the route's id), teams and superadmin. */
export type EventWorld = StaffWorld;

/**
 * Sets a world up through the API (not measured): `teams` teams on the event route (or on a route
 * of text steps only, `hasPhotos` false).
 */
export async function setUpEvent(
  client: HttpClient,
  opts: { teams: number; steps?: number; hasPhotos?: boolean },
): Promise<EventWorld> {
  const steps = opts.steps ?? ROUTE_STEPS;
  const base = await setUpWorld(client, {
    teams: opts.teams,
    steps,
    concurrency: 16,
    routeJson: opts.hasPhotos === false ? benchRouteJson(steps) : eventRouteJson(steps),
  });
  return withStaff(client, base);
}

/** A keep-alive client of the deployment's entry (HAProxy with two instances). */
export const entryClient = (deployment: Deployment, sockets: number) =>
  createHttpClient(deployment.url, sockets);
