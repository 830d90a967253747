import { expect, type Locator, type Page, test } from '@playwright/test';
import { createTenant, signInAt, superadminApi } from '../fixtures';
import { newPhone, startRoute } from '../phone';
import { expectAccessible } from '../accessibility';

// The step editor's map and list (decision 0065): typed coordinates move the pin and the map, a
// save fits the map to every step, pins are dragged, the order changes by keyboard, and a step's
// street address reaches the team's 'Luogo della tappa' sheet.

const TENANT = {
  name: 'Passeggiate Fiorentine',
  slug: 'passeggiate-fiorentine',
  admin: 'admin@fiorentine.test',
  password: 'fiorentine-pw',
};
const ROUTE_TITLE = 'Firenze in tre tappe';
const DUOMO = { lat: 43.773145, lng: 11.256019 };
const PONTE_VECCHIO = { lat: 43.767999, lng: 11.253165 };
const SIGNORIA = { lat: 43.769562, lng: 11.255814 };
const SIGNORIA_ADDRESS = 'Piazza della Signoria, 50122 Firenze';

let routeId = '';

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const api = await superadminApi();
  expect(await createTenant(api, { ...TENANT, company: 'Fiorentine srl' })).toBe(true);
  const step = (ord: number, place: string, at: { lat: number; lng: number }) => ({
    ord,
    place,
    ...at,
    radius_m: 40,
    task: `Che cosa vedete a ${place}?`,
    check_type: 'text',
    check_answer: 'arte',
  });
  const imported = await api.post(`/api/tenants/${TENANT.slug}/routes/import`, {
    data: {
      json: JSON.stringify({
        id: 'firenze-tre-tappe',
        title: ROUTE_TITLE,
        steps: [step(1, 'Duomo', DUOMO), step(2, 'Ponte Vecchio', PONTE_VECCHIO)],
      }),
    },
  });
  expect(imported.ok()).toBe(true);
  routeId = ((await imported.json()) as { route: { id: string } }).route.id;
  await api.dispose();
});

/** The centre of an element on the page, in pixels. */
async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Where the map looks, as it renders it from its own state. */
async function mapCentre(map: Locator): Promise<{ lat: number; lng: number }> {
  return {
    lat: Number(await map.getAttribute('data-center-lat')),
    lng: Number(await map.getAttribute('data-center-lng')),
  };
}

/** Whether `inner` lies wholly inside `outer` on the page. */
async function isInside(inner: Locator, outer: Locator): Promise<boolean> {
  const a = (await inner.boundingBox())!;
  const b = (await outer.boundingBox())!;
  return (
    a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height
  );
}

const stepList = (page: Page) => page.getByRole('region', { name: 'Steps', exact: true });
const listButtons = (page: Page) => stepList(page).getByRole('listitem');

test('typed coordinates move the pin and the map; a save fits every pin; the order moves by keyboard', async ({
  page,
}, testInfo) => {
  await signInAt(page, `/${TENANT.slug}/login`, TENANT.admin, TENANT.password);
  await expect(page).toHaveURL(new RegExp(`/${TENANT.slug}/dashboard$`));
  await page.goto(`/${TENANT.slug}/routes/${routeId}/steps`);
  await expect(page.getByRole('heading', { name: `Steps: ${ROUTE_TITLE}` })).toBeVisible();
  const map = page.getByRole('region', { name: 'Route map' });
  const canvas = map.locator('.leaflet-container');
  const pins = map.locator('.leaflet-marker-icon.map-pin');
  await expect(pins).toHaveCount(2);

  // A new step by the button: no pin until its coordinates are typed.
  await page.getByRole('button', { name: 'Add step' }).click();
  await expect(page.getByRole('heading', { name: 'Step 3' })).toBeVisible();
  await page.getByLabel('Place').fill('Palazzo Vecchio');
  await page.getByLabel('Indirizzo (facoltativo)').fill(SIGNORIA_ADDRESS);
  await page.getByLabel('Task').fill('Quante statue davanti al portone?');
  await page.getByLabel('Answer').fill('2');
  const zoomBefore = Number(await map.getAttribute('data-zoom'));
  await page.getByLabel('Latitude').fill(String(SIGNORIA.lat));
  const longitude = page.getByLabel('Longitude');
  await longitude.fill(String(SIGNORIA.lng));

  // The map comes to the typed point (at street level), the selected pin at its centre, and the
  // field being typed in keeps the focus.
  await expect
    .poll(async () => {
      const { lat, lng } = await mapCentre(map);
      return Math.abs(lat - SIGNORIA.lat) < 1e-4 && Math.abs(lng - SIGNORIA.lng) < 1e-4;
    })
    .toBe(true);
  expect(Number(await map.getAttribute('data-zoom'))).toBeGreaterThanOrEqual(
    Math.max(zoomBefore, 16),
  );
  await expect(pins).toHaveCount(3);
  const selectedPin = map.locator('.map-pin--selected');
  await expect(selectedPin).toHaveAttribute('title', /Palazzo Vecchio \(tappa selezionata\)/);
  const [pin, middle] = [await centreOf(selectedPin), await centreOf(canvas)];
  expect(Math.abs(pin.x - middle.x)).toBeLessThan(3);
  expect(Math.abs(pin.y - middle.y)).toBeLessThan(3);
  await expect(longitude).toBeFocused();

  // Palazzo Vecchio first, by the keyboard: Alt+↑ twice on its row.
  const row = listButtons(page)
    .nth(2)
    .getByRole('button', { name: /Palazzo Vecchio/ });
  await row.focus();
  await page.keyboard.press('Alt+ArrowUp');
  await page.keyboard.press('Alt+ArrowUp');
  await expect(listButtons(page).first()).toContainText('Palazzo Vecchio');
  await expect(stepList(page).getByRole('button', { name: /Palazzo Vecchio/ })).toBeFocused();
  await expect(page.getByText('Tappa 2 spostata in posizione 1')).toBeAttached();

  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Steps saved')).toBeVisible();
  // Saved: every step's pin shows, the map fitted around them all.
  await expect(pins).toHaveCount(3);
  await expect.poll(async () => Number(await map.getAttribute('data-zoom'))).toBeLessThan(17);
  for (const one of await pins.all()) await expect.poll(() => isInside(one, canvas)).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('step-editor-desktop.png') });
  await expectAccessible(page);

  // The Duomo's pin dragged on the map moves that step; Save stores it.
  await stepList(page).getByRole('button', { name: /Duomo/ }).click();
  const duomoPin = map.locator('.map-pin--selected');
  await expect(duomoPin).toHaveAttribute('title', '2. Duomo (tappa selezionata)');
  await expect(map.locator('.map-pin[title="1. Palazzo Vecchio"]')).toBeAttached();
  const from = await centreOf(duomoPin);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + 20, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByLabel('Latitude')).not.toHaveValue(String(DUOMO.lat));
  const draggedLat = Number(await page.getByLabel('Latitude').inputValue());
  expect(draggedLat).toBeLessThan(DUOMO.lat);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Steps saved')).toBeVisible();

  const { steps } = (await (
    await page.request.get(`/api/tenants/${TENANT.slug}/routes/${routeId}/steps`)
  ).json()) as { steps: { ord: number; place: string; address: string | null; lat: number }[] };
  expect(steps.map((s) => [s.ord, s.place, s.address])).toEqual([
    [1, 'Palazzo Vecchio', SIGNORIA_ADDRESS],
    [2, 'Duomo', null],
    [3, 'Ponte Vecchio', null],
  ]);
  expect(steps[1]!.lat).toBe(draggedLat);
});

test("the team's 'Luogo della tappa' sheet shows the step's street address", async ({
  browser,
}, testInfo) => {
  const { context, page } = await newPhone(browser, { camera: false });
  await startRoute(page, {
    tenantSlug: TENANT.slug,
    routeTitle: ROUTE_TITLE,
    email: 'gigli@squadre.test',
    teamName: 'I Gigli',
  });
  await expect(page.getByText('Step 1 di 3')).toBeVisible();
  await page.getByRole('button', { name: 'Palazzo Vecchio' }).click();
  const sheet = page.getByRole('dialog', { name: 'Luogo della tappa' });
  await expect(sheet.getByText('Palazzo Vecchio')).toBeVisible();
  await expect(sheet.getByText(SIGNORIA_ADDRESS)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('step-place-sheet-phone.png') });
  await expectAccessible(page);
  await sheet.getByRole('button', { name: 'Chiudi' }).click();
  await expect(sheet).toBeHidden();
  // The game screen's state carries each step's address (null without one), never an answer.
  const gameId = new URL(page.url()).searchParams.get('game');
  const res = await page.request.get(`/api/play/${TENANT.slug}/games/${gameId}`);
  expect(await res.text()).not.toContain('check_answer');
  const state = (await res.json()) as { steps: { place: string; address: string | null }[] };
  expect(state.steps.map((s) => [s.place, s.address])).toEqual([
    ['Palazzo Vecchio', SIGNORIA_ADDRESS],
    ['Duomo', null],
    ['Ponte Vecchio', null],
  ]);
  await context.close();
});
