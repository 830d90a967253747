import { STEP_ADDRESS_MAX_LENGTH } from '@tappa/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { TEST_DB } from './helpers/database';
import { call, makeTenant, makeUser, signIn, sampleRouteText } from './helpers/factories';
import { startTeam } from './helpers/team';

/** A step as the editor reads it, with the fields these tests look at. */
interface EditorStep {
  id: string;
  ord: number;
  place: string;
  address: string | null;
  orientation_deg: number | null;
  [field: string]: unknown;
}

const TREVI_ADDRESS = 'Piazza di Trevi, 00187 Roma';

/** A step read by the editor, written back in the route JSON step format (as the editor does). */
const writable = (step: EditorStep, address: string | null = step.address) => {
  const { orientation_deg: deg, ...rest } = step;
  return { ...rest, address, orientation: deg === 0 ? 'nord' : deg === 90 ? 'est' : null };
};

describe(`a step's street address and the step order on ${TEST_DB} (decision 0065)`, () => {
  let t: TestApp;
  let slug: string;
  let cookie: string;
  let otherCookie: string;
  let routeId: string;
  const api = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, as = cookie) =>
    call(t.app, as, {
      method,
      url: `/api/tenants/${slug}${path}`,
      ...(payload === undefined ? {} : { payload }),
    });
  const readSteps = async () =>
    (await api('GET', `/routes/${routeId}/steps`)).json<{ steps: EditorStep[] }>().steps;

  beforeAll(async () => {
    t = await createTestApp();
    const tenant = await makeTenant(t.database.db);
    slug = tenant.slug;
    const manager = await makeUser(t.database.db, { role: 'game_manager', tenantId: tenant.id });
    cookie = await signIn(t.app, manager.email, manager.password);
    const other = await makeTenant(t.database.db);
    const stranger = await makeUser(t.database.db, { role: 'tenant_admin', tenantId: other.id });
    otherCookie = await signIn(t.app, stranger.email, stranger.password);
    const imported = await api('POST', '/routes/import', { json: await sampleRouteText() });
    routeId = imported.json<{ route: { id: string } }>().route.id;
  });
  afterAll(() => t.close());

  it('an older file imports without addresses and exports without the field', async () => {
    const steps = await readSteps();
    expect(steps.map((s) => s.address)).toEqual(Array(6).fill(null));
    const exported = (await api('GET', `/routes/${routeId}/export`)).json<{
      steps: Record<string, unknown>[];
    }>();
    expect(exported.steps.some((step) => 'address' in step)).toBe(false);
  });

  it('the editor saves an address with a new order; the address follows its step', async () => {
    const steps = await readSteps();
    const [trevi, pantheon, ...rest] = steps;
    // Pantheon first, then Trevi with its address: ids kept, order and address stored.
    const saved = await api('PUT', `/routes/${routeId}/steps`, {
      steps: [
        writable(pantheon!),
        writable(trevi!, `  ${TREVI_ADDRESS} `),
        ...rest.map((s) => writable(s)),
      ],
    });
    expect(saved.statusCode).toBe(200);
    const after = await readSteps();
    expect(after.map((s) => [s.ord, s.id, s.address])).toEqual([
      [1, pantheon!.id, null],
      [2, trevi!.id, TREVI_ADDRESS],
      ...rest.map((s, i) => [i + 3, s.id, null]),
    ]);

    // The export writes the address on that step only, and imports back to the same steps.
    const exported = (await api('GET', `/routes/${routeId}/export`)).json<{
      steps: Record<string, unknown>[];
    }>();
    expect(exported.steps[1]).toMatchObject({ place: 'Fontana di Trevi', address: TREVI_ADDRESS });
    expect(exported.steps.filter((step) => 'address' in step)).toHaveLength(1);
    const json = JSON.stringify({ ...exported, id: 'copia-con-indirizzo' });
    const copy = await api('POST', '/routes/import', { json });
    const copyId = copy.json<{ route: { id: string } }>().route.id;
    const copied = (await api('GET', `/routes/${copyId}/export`)).json<Record<string, unknown>>();
    expect(copied).toEqual({ ...exported, id: 'copia-con-indirizzo' });
  });

  it('a blank address clears it, and a too long one is refused with nothing changed', async () => {
    const steps = await readSteps();
    const tooLong = await api('PUT', `/routes/${routeId}/steps`, {
      steps: steps.map((s, i) =>
        writable(s, i === 0 ? 'a'.repeat(STEP_ADDRESS_MAX_LENGTH + 1) : s.address),
      ),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      error: {
        code: 'route_json_invalid',
        params: { issue: 'step_text_too_long', path: 'address', step: 1 },
      },
    });
    expect(await readSteps()).toEqual(steps);

    const cleared = await api('PUT', `/routes/${routeId}/steps`, {
      steps: steps.map((s) => writable(s, s.address === null ? null : '   ')),
    });
    expect(cleared.statusCode).toBe(200);
    expect((await readSteps()).map((s) => s.address)).toEqual(Array(6).fill(null));
  });

  it("another tenant's staff can neither read nor change the steps", async () => {
    const steps = await readSteps();
    const path = `/routes/${routeId}/steps`;
    expect((await api('GET', path, undefined, otherCookie)).statusCode).toBe(404);
    const write = await api(
      'PUT',
      path,
      { steps: [...steps].reverse().map((s) => writable(s, 'Via Altrui 1')) },
      otherCookie,
    );
    expect(write.statusCode).toBe(404);
    expect(await readSteps()).toEqual(steps);
  });

  it("the team's game screen carries the address, never an answer", async () => {
    const steps = await readSteps();
    await api('PUT', `/routes/${routeId}/steps`, {
      steps: steps.map((s, i) => writable(s, i === 1 ? TREVI_ADDRESS : null)),
    });
    const team = await startTeam(t.app, { slug, email: 'indirizzo@x.it' });
    const res = await team.req('GET', `/games/${team.gameId}`);
    expect(res.statusCode).toBe(200);
    const state = res.json<{ steps: { place: string; address: string | null }[] }>();
    expect(state.steps.map((s) => [s.place, s.address])).toEqual(
      steps.map((s, i) => [s.place, i === 1 ? TREVI_ADDRESS : null]),
    );
    expect(res.body).not.toMatch(/check_answer|1762|orientation_deg/);
  });
});
