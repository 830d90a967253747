import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';

// axe-core in the journeys (decisions 0040, 0068): every page a journey visits is checked as it
// stands.

/** The impacts that fail a journey; minor findings are left to review (noted on the test). */
const FAILING_IMPACTS: ReadonlySet<string> = new Set(['moderate', 'serious', 'critical']);
/**
 * Rules turned on beyond axe's defaults: WCAG 2.5.3's 'label in name' is still experimental in
 * the pinned axe-core 4.13 (stable from 4.14), and the media picker's files broke it (0068).
 */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true } };
/** How many elements of one rule the failure message names. */
const NODES_SHOWN = 5;

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

/** One violation as readable lines: rule, impact, help, then the elements and what is wrong. */
function describeViolation(violation: Violation): string {
  const nodes = violation.nodes.slice(0, NODES_SHOWN).map((node) => {
    const summary = (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ');
    return `  ${node.target.join(' ')}: ${summary}`;
  });
  const more = violation.nodes.length - NODES_SHOWN;
  return [
    `${violation.impact ?? 'unknown'} ${violation.id}: ${violation.help} (${violation.helpUrl})`,
    ...nodes,
    ...(more > 0 ? [`  …and ${more} more`] : []),
  ].join('\n');
}

/**
 * Runs axe-core on the page as it is now (WCAG 2.1 A/AA and best practices) and fails on any
 * moderate, serious or critical violation, listing them; minor ones become an annotation of the
 * test ('axe minor'), for review. Call it once the page shows what the journey
 * checks, so that it is analysed in that state (a dialog open, a list loaded). The page must come
 * from a context (`browser.newContext()`), not from `browser.newPage()`: axe opens a page beside it.
 */
export async function expectAccessible(page: Page, state = ''): Promise<void> {
  const where = `${new URL(page.url()).pathname}${state ? ` (${state})` : ''}`;
  await test.step(`axe: ${where}`, async () => {
    // What fades in is measured once it has: mid-way its colours are not the page's (a photo
    // arriving on the wall read as low contrast). Endless animations (a spinner) do not wait.
    await page.waitForFunction(() => {
      const doc = globalThis as unknown as {
        document: {
          getAnimations(): {
            playState: string;
            effect: { getComputedTiming(): { endTime?: number | string } } | null;
          }[];
        };
      };
      return doc.document
        .getAnimations()
        .every(
          (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity,
        );
    });
    const results = await new AxeBuilder({ page }).options({ rules: EXTRA_RULES }).analyze();
    const failures = results.violations.filter(({ impact }) => FAILING_IMPACTS.has(impact ?? ''));
    for (const minor of results.violations.filter(({ impact }) => impact === 'minor')) {
      test.info().annotations.push({ type: 'axe minor', description: `${where}: ${minor.id}` });
    }
    expect(failures.map(describeViolation), `axe-core on ${where}`).toEqual([]);
  });
}
