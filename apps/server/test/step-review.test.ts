import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';
import { TEST_DB } from './helpers/database';
import { managedTenant, sampleRouteText } from './helpers/factories';

/** A step as the editor reads it, with the fields these tests look at. */
interface EditorStep {
  id: string;
  check_type: string;
  review: string;
  orientation_deg: number | null;
  [field: string]: unknown;
}

/** A step read by the editor, written back in the route JSON step format with `review`. */
const writable = (step: EditorStep, review = step.review) => {
  const { orientation_deg: deg, ...rest } = step;
  const orientation = { 0: 'nord', 90: 'est', 180: 'sud', 270: 'ovest' }[deg ?? -1] ?? null;
  return { ...rest, orientation, review };
};

describe(`a step's review mode on ${TEST_DB} (decision 0083)`, () => {
  let t: TestApp;
  let routeId: string;
  let api: Awaited<ReturnType<typeof managedTenant>>['api'];
  const readSteps = async () =>
    (await api('GET', `/routes/${routeId}/steps`)).json<{ steps: EditorStep[] }>().steps;
  const exportSteps = async () =>
    (await api('GET', `/routes/${routeId}/export`)).json<{ steps: Record<string, unknown>[] }>()
      .steps;

  beforeAll(async () => {
    t = await createTestApp();
    ({ api } = await managedTenant(t.app, t.database.db));
    const imported = await api('POST', '/routes/import', { json: await sampleRouteText() });
    routeId = imported.json<{ route: { id: string } }>().route.id;
  });
  afterAll(() => t.close());

  it('an older file imports as the spec’s rule and exports without the field', async () => {
    expect((await readSteps()).every((step) => step.review === 'auto')).toBe(true);
    expect((await exportSteps()).some((step) => 'review' in step)).toBe(false);
  });

  it('the editor sets staff review on a photo and a text step; the export carries it', async () => {
    const steps = await readSteps();
    const reviewed = (step: EditorStep) => ['photo', 'text'].includes(step.check_type);
    const saved = await api('PUT', `/routes/${routeId}/steps`, {
      steps: steps.map((step) => writable(step, reviewed(step) ? 'staff' : 'auto')),
    });
    expect(saved.statusCode).toBe(200);
    const after = await readSteps();
    expect(after.map((step) => step.review)).toEqual(
      steps.map((step) => (reviewed(step) ? 'staff' : 'auto')),
    );
    const exported = await exportSteps();
    expect(exported.map((step) => step.review)).toEqual(
      steps.map((step) => (reviewed(step) ? 'staff' : undefined)),
    );

    // Imported again (as a new route), the review modes come back.
    const json = (await api('GET', `/routes/${routeId}/export`)).json<{ id: string }>();
    const again = await api('POST', '/routes/import', {
      json: JSON.stringify({ ...json, id: `${json.id}-copia` }),
    });
    expect(again.statusCode).toBe(200);
    const copyId = again.json<{ route: { id: string } }>().route.id;
    const copy = (await api('GET', `/routes/${copyId}/steps`)).json<{ steps: EditorStep[] }>();
    expect(copy.steps.map((step) => step.review)).toEqual(after.map((step) => step.review));
  });

  it('refuses staff review of a QR step, naming it, and changes nothing', async () => {
    const before = await readSteps();
    const qr = before.findIndex((step) => step.check_type === 'qr');
    const res = await api('PUT', `/routes/${routeId}/steps`, {
      steps: before.map((step, i) => writable(step, i === qr ? 'staff' : step.review)),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'route_json_invalid', params: { issue: 'review_invalid', step: qr + 1 } },
    });
    expect(await readSteps()).toEqual(before);
  });
});
