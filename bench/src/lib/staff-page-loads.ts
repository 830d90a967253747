import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS } from '../first-load/lighthouse-run';
import { type LoadResult, measureLoad, type PageTarget } from '../first-load/page-load';
import { startTlsFront } from '../first-load/tls-front';
import type { ServerProcess } from './server-process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Three cold loads of a staff page in Chromium (desktop, signed in with `cookie`, the machine's
 * own connection; the page's CPU slowed `cpuSlowdown` times), through the HTTPS (HTTP/2) front
 * a real installation has, as the player pages' first load is measured.
 */
export async function staffPageLoads(
  server: ServerProcess,
  opts: {
    cookie: string;
    target: Omit<PageTarget, 'cookies' | 'desktop'>;
    cpuSlowdown?: number;
  },
): Promise<LoadResult[]> {
  const cookies = opts.cookie.split('; ').map((pair) => {
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
  const front = await startTlsFront(server.baseUrl);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS });
  try {
    const loads: LoadResult[] = [];
    for (let run = 1; run <= 3; run += 1) {
      loads.push(
        await measureLoad(
          browser,
          front.baseUrl,
          { ...opts.target, cookies, desktop: true },
          {
            name: 'fast (no emulation)',
            kbps: null,
            rttMs: 0,
            cpuSlowdown: opts.cpuSlowdown ?? 1,
          },
        ),
      );
    }
    return loads;
  } finally {
    await browser.close();
    await front.close();
  }
}
