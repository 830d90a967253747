import type { Browser } from 'playwright-core';
import type { ServerProcess } from '../lib/server-process';
import type { StaffWorld } from '../lib/setup';
import type { Judge } from './world';

/** The desk's photo and what shows the queue is empty (`features/review-queue/review-desk.tsx`). */
const PHOTO = 'img.review-desk__photo';
const EMPTY = '.review-desk__empty';
/** 'Approva': the first of the desk's decisions, disabled while a move runs. */
const APPROVE = '.review-desk__decisions button';
const ALERT = '.review-desk__problem';
/** A guard per decision: the bench waits for the page, and gives up only after this. */
const STEP_TIMEOUT_MS = 30_000;

/** What the scripted judge saw: each decision's keypress → next image, and the totals. */
export interface KeyboardRun {
  /** Page clock: keydown → the first frame with the next image complete, per decision. */
  imageMs: number[];
  /** The last decision's keydown → the empty queue shown. */
  lastMs: number;
  /** Navigation → the first item's image shown. */
  firstImageMs: number;
  /** First keypress → the empty queue, on the bench's clock. */
  decisionsWallMs: number;
  /** Navigation → the empty queue, on the bench's clock. */
  totalWallMs: number;
  /** Decisions after which the desk showed a problem (a refusal or failure). */
  problems: number;
  /** Per decision over `slowMs`: where its time went (resource timing, ms from the keydown). */
  slow: SlowDecision[];
}

/** A slow decision: when the image shown next, and the `next` that claimed it, ran. */
export interface SlowDecision {
  shownMs: number;
  /** The next image's request: start and end, ms after the keydown (negative: before it). */
  photo: { startMs: number; endMs: number } | null;
  /** The last `review/next` request started before that image's. */
  claim: { startMs: number; endMs: number } | null;
}

/** Resource timing entries the bench reads back (start and end on the page's clock). */
interface Timing {
  name: string;
  startTime: number;
  responseEnd: number;
}

/** What one frame of the page says, read by `readDesk` in the page. */
interface DeskFrame {
  src: string | null;
  empty: boolean;
  problem: boolean;
  shownAt: number;
  keyAt: number;
}

/**
 * Runs in the page: once the desk shows an image other than `prev`, complete and decoded (or the
 * empty queue, with `acceptEmpty`: not while the page first loads, whose loading text uses the
 * same element), notes the first such frame's time; answers it once 'Approva' takes keys again
 * (the next keypress would be dropped while a move runs), else null.
 */
function readDesk(args: {
  prev: string | null;
  acceptEmpty: boolean;
  sel: Record<string, string>;
}): DeskFrame | null {
  // The bench is compiled without the DOM's types.
  const g = globalThis as unknown as {
    document: {
      querySelector(s: string): {
        src?: string;
        complete?: boolean;
        naturalWidth?: number;
        disabled?: boolean;
      } | null;
    };
    benchShownAt?: number;
    benchKeyAt?: number;
  };
  const img = g.document.querySelector(args.sel.photo!);
  const fresh = img && img.src !== args.prev && img.complete && (img.naturalWidth ?? 0) > 0;
  const empty = args.acceptEmpty && !img && g.document.querySelector(args.sel.empty!) !== null;
  if (!fresh && !empty) return null;
  g.benchShownAt ??= performance.now();
  const approve = g.document.querySelector(args.sel.approve!);
  if (fresh && approve?.disabled) return null;
  return {
    src: img?.src ?? null,
    empty,
    problem: g.document.querySelector(args.sel.alert!) !== null,
    shownAt: g.benchShownAt,
    keyAt: g.benchKeyAt ?? Number.NaN,
  };
}

/**
 * Phase 1: the judge opens the queue in Chromium (desktop 1280×800, signed in) and presses A
 * `items` times, each time once the next image is shown. Times are read from the page's clock:
 * the keydown's time stamp to the first animation frame in which the next item's `<img>` has its
 * new `src`, complete with a width.
 */
export async function keyboardJudge(
  browser: Browser,
  server: ServerProcess,
  world: StaffWorld,
  judge: Judge,
  items: number,
  slowMs: number,
): Promise<KeyboardRun> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'it-IT',
  });
  try {
    await context.addCookies(
      judge.cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.baseUrl };
      }),
    );
    // Every keydown's time, before the page's own listener sees it.
    await context.addInitScript(() => {
      const g = globalThis as unknown as {
        addEventListener(
          type: string,
          fn: (e: { timeStamp: number }) => void,
          capture: boolean,
        ): void;
        benchKeyAt?: number;
      };
      g.addEventListener('keydown', (event) => (g.benchKeyAt = event.timeStamp), true);
      // Room for every request of the run (4–5 per decision), read back for the slow ones.
      (
        performance as unknown as { setResourceTimingBufferSize(n: number): void }
      ).setResourceTimingBufferSize(5000);
    });
    const page = await context.newPage();
    const sel = { photo: PHOTO, empty: EMPTY, approve: APPROVE, alert: ALERT };
    const waitDesk = async (prev: string | null, acceptEmpty = true) => {
      const handle = await page.waitForFunction(
        readDesk,
        { prev, acceptEmpty, sel },
        {
          polling: 'raf',
          timeout: STEP_TIMEOUT_MS,
        },
      );
      const frame = (await handle.jsonValue())!;
      await page.evaluate(() => {
        delete (globalThis as { benchShownAt?: number }).benchShownAt;
      });
      return frame;
    };
    const opened = performance.now();
    await page.goto(`${server.baseUrl}/${world.slug}/live/review`, { timeout: 60_000 });
    let frame = await waitDesk(null, false);
    const firstImageMs = frame.shownAt;
    const imageMs: number[] = [];
    const shown: { keyAt: number; shownAt: number; src: string }[] = [];
    let problems = 0;
    let lastMs = Number.NaN;
    const firstKey = performance.now();
    for (let n = 0; n < items; n += 1) {
      await page.keyboard.press('A');
      frame = await waitDesk(frame.src);
      if (frame.problem) problems += 1;
      if (frame.empty) {
        lastMs = frame.shownAt - frame.keyAt;
        if (n !== items - 1) throw new Error(`the queue was empty after ${n + 1} decisions`);
      } else {
        imageMs.push(frame.shownAt - frame.keyAt);
        shown.push({ keyAt: frame.keyAt, shownAt: frame.shownAt, src: frame.src ?? '' });
      }
    }
    const done = performance.now();
    if (!frame.empty) throw new Error(`the queue still showed an item after ${items} decisions`);
    const timings = await page.evaluate(() =>
      (performance.getEntriesByType('resource') as unknown as Timing[]).map(
        ({ name, startTime, responseEnd }) => ({ name, startTime, responseEnd }),
      ),
    );
    return {
      imageMs,
      lastMs,
      firstImageMs,
      decisionsWallMs: done - firstKey,
      totalWallMs: done - opened,
      problems,
      slow: shown.filter((d) => d.shownAt - d.keyAt > slowMs).map((d) => slowDecision(d, timings)),
    };
  } finally {
    await context.close();
  }
}

/** Where a slow decision's time went, from the page's resource timing. */
function slowDecision(
  d: { keyAt: number; shownAt: number; src: string },
  timings: Timing[],
): SlowDecision {
  const span = (t: Timing | undefined) =>
    t ? { startMs: t.startTime - d.keyAt, endMs: t.responseEnd - d.keyAt } : null;
  const photo = timings.find((t) => t.name === d.src);
  const claim = timings
    .filter((t) => t.name.includes('/review/next') && t.startTime <= (photo?.startTime ?? d.keyAt))
    .at(-1);
  return { shownMs: d.shownAt - d.keyAt, photo: span(photo), claim: span(claim) };
}
