import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

/** The flags the e2e journeys give Chromium on this machine, plus the new headless mode. */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  // Not the page's work: the browser's own address bar popup, built for every new window.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup',
];

/** Scores (0–100) and the audits that lost points, of one Lighthouse run. */
export interface LighthouseResult {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Audits under 1 that weigh in either category: what to fix next. */
  failing: string[];
}

/**
 * Lighthouse's default mobile run (Moto G Power screen, simulated slow 4G, 4× CPU slowdown)
 * for performance and accessibility on `url`, in a fresh Chromium through chrome-launcher.
 */
export async function runLighthouse(
  url: string,
  opts: { chromiumPath: string; cookieHeader?: string; attempts?: number },
): Promise<LighthouseResult> {
  const attempts = opts.attempts ?? 3;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runOnce(url, opts);
    } catch (error) {
      // Lighthouse itself asks for another run when its trace misses the navigation start.
      if (attempt >= attempts) throw error;
      console.warn(`Lighthouse attempt ${attempt} on ${url} failed, again: ${String(error)}`);
    }
  }
}

async function runOnce(
  url: string,
  opts: { chromiumPath: string; cookieHeader?: string },
): Promise<LighthouseResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: opts.chromiumPath,
    // The HTTPS front's certificate is self-signed for this run.
    chromeFlags: [...CHROMIUM_FLAGS, '--ignore-certificate-errors'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      ...(opts.cookieHeader ? { extraHeaders: { Cookie: opts.cookieHeader } } : {}),
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const failing = Object.values(lhr.categories).flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((audit) => audit !== undefined && audit.score !== null && audit.score < 1)
        .map((audit) => `${category.id}: ${audit?.id} (${audit?.displayValue ?? audit?.score})`),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      speedIndexMs: numeric('speed-index'),
      failing,
    };
  } finally {
    chrome.kill();
  }
}
