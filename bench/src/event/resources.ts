import { readCpu, readPostgresCpuByPid, type ServerProcess } from '../lib/server-process';

/** What the servers used during a stretch of time. */
export interface ResourceUse {
  seconds: number;
  /** CPU of all instances together, in ms. */
  serverCpuMs: number;
  /** CPU of each instance, in ms. */
  instanceCpuMs: number[];
  /** CPU of the PostgreSQL backends of the deployment's database, in ms; 0 on PGlite. */
  postgresCpuMs: number;
  /** The largest RSS of each instance, sampled every second, in MB. */
  peakRssMb: number[];
  /** Each instance's RSS when the watch began, in MB. */
  startRssMb: number[];
}

const SAMPLE_MS = 1000;

/**
 * Starts watching `instances` (and the PostgreSQL backends of `database`, if any): CPU from now,
 * RSS every second. `stop()` answers what they used since.
 */
export async function watchResources(instances: ServerProcess[], database: string | null) {
  const cpuOf = async () =>
    (await Promise.all(instances.map((i) => readCpu(i.pid)))).map((s) => s.cpuMs);
  const started = performance.now();
  const cpuBefore = await cpuOf();
  /** Each backend's CPU when first and last seen: one that ends (an idle pool connection) keeps its part. */
  const backends = new Map<number, { first: number; last: number }>();
  const readBackends = async (isFirst: boolean) => {
    if (!database) return;
    for (const [pid, ms] of await readPostgresCpuByPid(database)) {
      const seen = backends.get(pid);
      if (seen) seen.last = ms;
      else backends.set(pid, { first: isFirst ? ms : 0, last: ms });
    }
  };
  await readBackends(true);
  const peakRssMb = instances.map(() => 0);
  const sample = async () => {
    const rss = await Promise.all(instances.map((i) => i.rssMb().catch(() => 0)));
    rss.forEach((mb, n) => (peakRssMb[n] = Math.max(peakRssMb[n] ?? 0, mb)));
    await readBackends(false);
  };
  await sample();
  const startRssMb = [...peakRssMb];
  // The sampling is the measure's own pace, not a wait for something to happen.
  const timer = setInterval(() => void sample(), SAMPLE_MS);
  return {
    stop: async (): Promise<ResourceUse> => {
      clearInterval(timer);
      await sample();
      const cpuAfter = await cpuOf();
      const instanceCpuMs = cpuAfter.map((ms, n) => ms - (cpuBefore[n] ?? 0));
      let postgresCpuMs = 0;
      for (const { first, last } of backends.values()) postgresCpuMs += last - first;
      return {
        seconds: (performance.now() - started) / 1000,
        serverCpuMs: instanceCpuMs.reduce((a, b) => a + b, 0),
        instanceCpuMs,
        postgresCpuMs,
        peakRssMb,
        startRssMb,
      };
    },
  };
}

/** `use`'s server CPU as a share of one core, in %. */
export const cpuPercent = (use: ResourceUse) => use.serverCpuMs / (10 * use.seconds);

/** The CPU of the servers and PostgreSQL's backends per request, in ms. */
export const cpuPerRequestMs = (use: ResourceUse, requests: number) =>
  (use.serverCpuMs + use.postgresCpuMs) / Math.max(1, requests);
