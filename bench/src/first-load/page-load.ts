import type { Browser, Page } from 'playwright-core';

/** A network the phone is on; `null` throughput is the machine's own (no emulation). */
export interface NetworkProfile {
  name: string;
  /** Kilobits a second, each way. */
  kbps: number | null;
  /** Added to every request's round trip. */
  rttMs: number;
  /** The page's CPU slowed this many times (Chromium's throttling), as on a slower machine. */
  cpuSlowdown?: number;
}

/** One page to open and the element that makes it usable. */
export interface PageTarget {
  name: string;
  path: string;
  /** CSS selector of the interactive element whose appearance makes the page usable. */
  usableSelector: string;
  /** Cookies the browser holds before the load (a registered team's). */
  cookies?: { name: string; value: string }[];
  /** Opened on a desktop's screen (a staff page) instead of a phone's. */
  desktop?: boolean;
  /** Clicked once it shows, before the usable element is awaited (a tab the user opens). */
  clickFirst?: string;
  /** Requests to these URL patterns are refused and not counted (a map's outside tiles). */
  refused?: string;
}

/** What one cold load cost and when it became usable, from the start of the navigation. */
export interface LoadResult {
  bytesOnWire: number;
  requests: number;
  jsRequests: number;
  jsBytesOnWire: number;
  fcpMs: number | null;
  usableMs: number;
  /** Every request: what, when it was sent and finished (ms from the navigation), bytes. */
  waterfall: WaterfallRow[];
}

export interface WaterfallRow {
  url: string;
  startMs: number;
  endMs: number;
  bytesOnWire: number;
}

/** The part of the page's `document` the usable check reads. */
interface PageDocument {
  querySelector(
    selector: string,
  ): { getBoundingClientRect(): { width: number; height: number } } | null;
}

/** A phone: viewport, touch and a mobile user agent, like the e2e journeys' phone project. */
const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

/** Records bytes (as transferred, headers included) and requests of the page through CDP. */
async function watchNetwork(page: Page, profile: NetworkProfile) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile.kbps !== null) {
    const bytesPerSecond = (profile.kbps * 1000) / 8;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.rttMs,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
  }
  if (profile.cpuSlowdown && profile.cpuSlowdown > 1) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  }
  const types = new Map<string, string>();
  const sent = new Map<string, { url: string; at: number }>();
  const totals = { bytesOnWire: 0, requests: 0, jsRequests: 0, jsBytesOnWire: 0 };
  // CDP's timestamps are seconds on a monotonic clock; the first request is the navigation.
  let origin: number | null = null;
  const waterfall: WaterfallRow[] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    totals.requests += 1;
    origin ??= event.timestamp;
    types.set(event.requestId, event.type ?? 'Other');
    sent.set(event.requestId, { url: event.request.url, at: event.timestamp });
    if (event.type === 'Script') totals.jsRequests += 1;
  });
  cdp.on('Network.loadingFinished', (event) => {
    totals.bytesOnWire += event.encodedDataLength;
    if (types.get(event.requestId) === 'Script') totals.jsBytesOnWire += event.encodedDataLength;
    const request = sent.get(event.requestId);
    if (request && origin !== null) {
      waterfall.push({
        url: new URL(request.url).pathname,
        startMs: (request.at - origin) * 1000,
        endMs: (event.timestamp - origin) * 1000,
        bytesOnWire: event.encodedDataLength,
      });
    }
  });
  return { totals, waterfall };
}

/**
 * Opens `target` once in a fresh browser context (cold cache) on `profile` and measures it.
 * "Usable" is the first animation frame in which the target's element is in the page and
 * visible, read from the page's own clock (milliseconds since the navigation started).
 */
export async function measureLoad(
  browser: Browser,
  baseUrl: string,
  target: PageTarget,
  profile: NetworkProfile,
): Promise<LoadResult> {
  // The HTTPS front's certificate is self-signed for this run.
  const device = target.desktop ? { viewport: { width: 1440, height: 900 } } : PHONE;
  const context = await browser.newContext({ ...device, locale: 'it-IT', ignoreHTTPSErrors: true });
  try {
    if (target.cookies) {
      await context.addCookies(target.cookies.map((c) => ({ ...c, url: baseUrl })));
    }
    const page = await context.newPage();
    const { totals, waterfall } = await watchNetwork(page, profile);
    if (target.refused) await page.route(target.refused, (route) => route.abort());
    await page.goto(`${baseUrl}${target.path}`, { waitUntil: 'commit', timeout: 120_000 });
    // The watch starts before any click: it reads the frame the element shows in, not the moment
    // the bench gets round to asking after its click returns.
    const watch = page.waitForFunction(
      (selector: string) => {
        // Runs in the page; the bench is compiled without the DOM's types.
        const { document } = globalThis as unknown as { document: PageDocument };
        const box = document.querySelector(selector)?.getBoundingClientRect();
        return box && box.width > 0 && box.height > 0 ? performance.now() : null;
      },
      target.usableSelector,
      { polling: 'raf', timeout: 120_000 },
    );
    if (target.clickFirst) {
      await Promise.all([watch, page.click(target.clickFirst, { timeout: 120_000 })]);
    }
    const usableMs = Number(await (await watch).jsonValue());
    // Everything the first screen asked for has arrived (late requests count too).
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    const fcpMs = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    );
    waterfall.sort((a, b) => a.startMs - b.startMs);
    return { ...totals, fcpMs, usableMs, waterfall };
  } finally {
    await context.close();
  }
}
