import { readCpu, readPostgresCpuMs, type ServerProcess } from '../lib/server-process';

/** What the servers used during a stretch of time. */
export interface ResourceUse {
  seconds: number;
  /** CPU of all instances together, in ms. */
  serverCpuMs: number;
  /** CPU of this machine's PostgreSQL processes (their backends), in ms; 0 on PGlite. */
  postgresCpuMs: number;
  /** The largest RSS of each instance, sampled every second, in MB. */
  peakRssMb: number[];
}

const SAMPLE_MS = 1000;

/**
 * Starts watching `instances` (and PostgreSQL when `isPostgres`): CPU from now, RSS every second.
 * `stop()` answers what they used since.
 */
export async function watchResources(instances: ServerProcess[], isPostgres: boolean) {
  const cpuOf = async () => {
    const samples = await Promise.all(instances.map((i) => readCpu(i.pid)));
    return samples.reduce((sum, s) => sum + s.cpuMs, 0);
  };
  const started = performance.now();
  const [cpuBefore, pgBefore] = [await cpuOf(), isPostgres ? await readPostgresCpuMs() : 0];
  const peakRssMb = instances.map(() => 0);
  const sample = async () => {
    const rss = await Promise.all(instances.map((i) => i.rssMb().catch(() => 0)));
    rss.forEach((mb, n) => (peakRssMb[n] = Math.max(peakRssMb[n] ?? 0, mb)));
  };
  await sample();
  // The sampling is the measure's own pace, not a wait for something to happen.
  const timer = setInterval(() => void sample(), SAMPLE_MS);
  return {
    stop: async (): Promise<ResourceUse> => {
      clearInterval(timer);
      await sample();
      return {
        seconds: (performance.now() - started) / 1000,
        serverCpuMs: (await cpuOf()) - cpuBefore,
        postgresCpuMs: isPostgres ? (await readPostgresCpuMs()) - pgBefore : 0,
        peakRssMb,
      };
    },
  };
}

/** `use`'s server CPU as a share of one core, in %. */
export const cpuPercent = (use: ResourceUse) => use.serverCpuMs / (10 * use.seconds);

/** The CPU of the servers and PostgreSQL's backends per request, in ms. */
export const cpuPerRequestMs = (use: ResourceUse, requests: number) =>
  (use.serverCpuMs + use.postgresCpuMs) / Math.max(1, requests);
