import { expect } from 'vitest';
import type { App } from '../../src/app';
import type { ManualClock } from './manual-clock';
import { startTeam } from './team';

/** What a team does at `at` seconds from the start: a wrong or right answer, a skip, a hint. */
export interface ScriptAction {
  at: number;
  /** The step's index in the route (from 0). */
  step: number;
  kind: 'wrong' | 'right' | 'skip' | 'hint';
}

/** A team started by `playScript`, with its phone's calls. */
export type ScriptedTeam = Awaited<ReturnType<typeof startTeam>>;

/**
 * A scripted event (the analytics' tests, issue 38): every team of `script` (named by its key,
 * `{name}@example.org`) starts the route and opens its first step at the clock's time; then the
 * actions play in time order, the clock set to `t0` plus each one's seconds, and after each the
 * team's phone opens its next step at once. `answers` are the steps' right answers.
 */
export async function playScript(
  app: App,
  opts: {
    slug: string;
    routeSlug: string;
    script: Record<string, readonly ScriptAction[]>;
    answers: readonly string[];
    clock: ManualClock;
    t0: number;
  },
): Promise<Map<string, ScriptedTeam>> {
  const teams = new Map<string, ScriptedTeam>();
  for (const name of Object.keys(opts.script)) {
    const team = await startTeam(app, {
      slug: opts.slug,
      email: `${name}@example.org`,
      routeSlug: opts.routeSlug,
      teamName: name,
    });
    await team.state();
    teams.set(name, team);
  }
  const actions = Object.entries(opts.script)
    .flatMap(([name, list]) => list.map((action) => ({ name, ...action })))
    .sort((a, b) => a.at - b.at);
  for (const action of actions) {
    opts.clock.set(opts.t0 + action.at * 1000);
    const team = teams.get(action.name)!;
    const stepId = (await team.state()).steps[action.step]!.id;
    const res =
      action.kind === 'skip'
        ? await team.skip(stepId)
        : action.kind === 'hint'
          ? await team.req('POST', `/games/${team.gameId}/steps/${stepId}/hints`, { index: 0 })
          : await team.submit(stepId, {
              answer: action.kind === 'right' ? opts.answers[action.step] : 'sbagliata',
            });
    expect(res.statusCode, `${action.name} ${action.kind} at ${action.at}: ${res.body}`).toBe(200);
    await team.state();
  }
  return teams;
}
