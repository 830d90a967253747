import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { TEST_DB } from './helpers/database';
import { managedTenant } from './helpers/factories';
import { startTeam, treviStep } from './helpers/team';

const ROUTE = 'varianti';

/**
 * Four steps: tolerant code with a variant, the spec's code, QR with a variant, the spec's text
 * with a costly hint after its own.
 */
const ROUTE_JSON = {
  id: ROUTE,
  title: 'Varianti',
  steps: [
    treviStep(1, {
      check_type: 'code',
      check_answer: 'TEVERE',
      also_accept: ['Tiber'],
      relaxed_match: true,
    }),
    treviStep(2, { check_type: 'code', check_answer: 'TEVERE' }),
    treviStep(3, { check_type: 'qr', check_answer: 'PONTE-SISTO', also_accept: ['PONTE SISTO'] }),
    treviStep(4, {
      check_type: 'text',
      check_answer: 'Città',
      hint: 'Roma è una…',
      hints: [{ text: 'Inizia con la C', cost: 3, unlock_after_s: 150 }],
    }),
  ],
};

describe(`fair play on ${TEST_DB}: accepted answers, the tolerant switch, hints (issue 36, decision 0085)`, () => {
  let t: TestApp;
  let slug: string;
  let api: Awaited<ReturnType<typeof managedTenant>>['api'];

  beforeAll(async () => {
    t = await createTestApp();
    ({ slug, api } = await managedTenant(t.app, t.database.db));
    const imported = await api('POST', '/routes/import', { json: JSON.stringify(ROUTE_JSON) });
    expect(imported.statusCode, imported.body).toBe(200);
  });
  afterAll(() => t.close());

  it('the server folds case and accents where the organiser allowed it, takes the variants, and keeps the spec elsewhere', async () => {
    const team = await startTeam(t.app, { slug, email: 'varianti@example.org', routeSlug: ROUTE });
    const { steps } = await team.state();
    const outcome = async (index: number, answer: string) =>
      (await team.submit(steps[index]!.id, { answer })).json<{ outcome: string }>().outcome;

    expect(await outcome(0, ' tevère ')).toBe('correct');
    // The spec's rule for code: exact case.
    expect(await outcome(1, 'tevere')).toBe('wrong');
    expect(await outcome(1, 'TEVERE')).toBe('correct');
    // QR: a variant, exactly as written.
    expect(await outcome(2, 'ponte sisto')).toBe('wrong');
    expect(await outcome(2, 'PONTE SISTO')).toBe('correct');
    // Text: the spec ignores case, not accents.
    expect(await outcome(3, 'citta')).toBe('wrong');
    expect(await outcome(3, 'CITTÀ')).toBe('correct');
    expect((await team.state()).status).toBe('completed');
  });

  it('a variant also passes on its own, and no player answer carries the variants, the switch or the costly hint', async () => {
    const team = await startTeam(t.app, { slug, email: 'tiber@example.org', routeSlug: ROUTE });
    const state = await team.req('GET', `/games/${team.gameId}`);
    expect(state.body).not.toMatch(
      /Tiber|PONTE SISTO|also_accept|relaxed_match|TEVERE|Inizia con la C|unlock_after_s/,
    );
    const { steps } = await team.state();
    const tried = await team.submit(steps[0]!.id, { answer: 'tiber' });
    expect(tried.json<{ outcome: string }>().outcome).toBe('correct');
    expect(tried.body).not.toMatch(
      /Tiber|PONTE SISTO|also_accept|relaxed_match|TEVERE|Inizia con la C|unlock_after_s/,
    );
  });

  it('the editor reads the fields and the export writes them back unchanged', async () => {
    const routes = (await api('GET', '/routes')).json<{ routes: { id: string; slug: string }[] }>();
    const routeId = routes.routes.find((r) => r.slug === ROUTE)!.id;
    const read = (await api('GET', `/routes/${routeId}/steps`)).json<{
      steps: { also_accept: string[]; relaxed_match: boolean | null; hints: unknown[] }[];
    }>();
    expect(read.steps.map((s) => s.hints)).toEqual([
      [],
      [],
      [],
      [{ text: 'Inizia con la C', cost: 3, unlock_after_s: 150 }],
    ]);
    expect(read.steps.map((s) => [s.also_accept, s.relaxed_match])).toEqual([
      [['Tiber'], true],
      [[], null],
      [['PONTE SISTO'], null],
      [[], null],
    ]);
    const exported = (await api('GET', `/routes/${routeId}/export`)).json<{
      steps: Record<string, unknown>[];
    }>();
    expect(exported.steps.map((s) => s.hints)).toEqual([
      undefined,
      undefined,
      undefined,
      [{ text: 'Inizia con la C', cost: 3, unlock_after_s: 150 }],
    ]);
    expect(exported.steps.map((s) => [s.also_accept, s.relaxed_match])).toEqual([
      [['Tiber'], true],
      [undefined, undefined],
      [['PONTE SISTO'], undefined],
      [undefined, undefined],
    ]);
  });
});
