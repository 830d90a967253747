import { expect, type Page, test } from '@playwright/test';
import { routeFields } from '../../apps/server/test/helpers/forms';
import { forbidNativeDialogs, superadminApi, superadminDesk } from '../fixtures';
import { newPhone, PLACES, startRoute } from '../phone';
import { expectAccessible } from '../accessibility';

// Issue 36, decision 0085: the organiser lets the first of two code steps forgive case and
// accents in the step editor; a team typing in lower case passes that step and is refused on the
// other, which keeps the spec's exact rule.

const ROUTE = { slug: 'codici-del-tevere', title: 'Codici del Tevere' };

const codeStep = (ord: number) => ({
  ord,
  place: `Ponte ${ord}`,
  lat: PLACES.trevi.latitude,
  lng: PLACES.trevi.longitude,
  radius_m: 50,
  task: `Il codice del ponte ${ord}?`,
  check_type: 'code',
  check_answer: 'TEVERE',
});

const answer = async (page: Page, text: string) => {
  await page.getByLabel('Your Answer').fill(text);
  await page.getByRole('button', { name: 'Submit' }).click();
};

test('a lower-case code passes where the organiser allowed it and is refused where not', async ({
  browser,
}) => {
  const api = await superadminApi();
  const base = '/api/tenants/demo/routes';
  const created = await api.post(base, {
    data: routeFields({ title: ROUTE.title, slug: ROUTE.slug, access_type: 'free' }),
  });
  expect(created.status()).toBe(201);
  const routeId = ((await created.json()) as { id: string }).id;
  const json = JSON.stringify({ id: ROUTE.slug, title: ROUTE.title, steps: [1, 2].map(codeStep) });
  expect((await api.post(`${base}/import`, { data: { json } })).ok()).toBe(true);
  await api.dispose();

  // The organiser ticks the switch on the first step; the editor warned before it.
  const desk = await superadminDesk(browser, { width: 1366, height: 900 });
  const staff = await desk.newPage();
  forbidNativeDialogs(staff);
  await staff.goto(`/demo/routes/${routeId}/steps`);
  await staff.getByRole('button', { name: /Ponte 1/ }).click();
  const warning = staff.getByRole('note');
  await expect(warning).toHaveText('I giocatori dovranno scrivere esattamente TEVERE');
  await expectAccessible(staff, 'a code step with letters');
  await staff.getByLabel('Ignora maiuscole e accenti').check();
  await expect(warning).toBeHidden();
  await staff.getByRole('button', { name: 'Done' }).click();
  await staff.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByText('Steps saved')).toBeVisible();
  await desk.close();

  const { context, page } = await newPhone(browser, { camera: false });
  await startRoute(page, {
    tenantSlug: 'demo',
    routeTitle: ROUTE.title,
    email: 'ponti@squadre.test',
    teamName: 'I Ponti',
  });
  await expect(page.getByText('Step 1 di 2')).toBeVisible();
  await answer(page, 'tevère');
  await expect(page.getByText('Step 2 di 2')).toBeVisible();
  await answer(page, 'tevere');
  await expect(page.getByRole('alert')).toHaveText('Incorrect answer. Try again!');
  await answer(page, 'TEVERE');
  await expect(page).toHaveURL(/\/demo\/game\/scoreboard\?/);
  await context.close();
});
