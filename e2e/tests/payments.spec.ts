import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { pricingFields } from '../../apps/server/test/helpers/forms';
import { outboxLinks, outboxMessages } from '../../apps/server/test/helpers/outbox';
import { StripeStub } from '../../apps/server/test/helpers/stripe-stub';
import { expectAccessible } from '../accessibility';
import {
  answerConfirmation,
  createRouteWithSteps,
  type NewRoute,
  signInAt,
  SUPERADMIN,
  superadminApi,
} from '../fixtures';
import { PLACES } from '../phone';
import { type RunningServer, startServer } from '../server';

// A team pays for a route on the organiser's own Stripe account. The journey runs against a
// server of its own whose Stripe API is the local stub (issue 17), and whose public address is a
// name the browser is sent back to by Stripe's page: the phone's browser maps it to the server,
// as a reverse proxy in front of it would. Its mail goes to the outbox: the team proves its
// e-mail, and the receipt lands there.
const PUBLIC_URL = 'https://giochi.e2e.test';
const STRIPE = { secretKey: 'sk_test_e2e_journey_4242', signingSecret: 'whsec_e2e_journey' };
const TASK = 'Quante monete si lanciano?';
const TEAM = 'paganti@squadre.test';
/** The team's receipts in the outbox. */
const receipts = async () =>
  (await outboxMessages(server.dataDir, TEAM)).filter(({ subject }) =>
    subject.includes('ricevuta di pagamento'),
  );
const ROUTE: NewRoute = {
  slug: 'roma-a-pagamento',
  title: 'Roma a pagamento',
  access_type: 'paid',
  place: { name: 'Fontana di Trevi', lat: PLACES.trevi.latitude, lng: PLACES.trevi.longitude },
  tasks: [{ task: TASK, answer: 'tre' }],
};

let stub: StripeStub;
let server: RunningServer;

test.beforeAll(async () => {
  // Two servers of their own start first (migrations, seed): most of the journey's time.
  test.setTimeout(90_000);
  stub = await new StripeStub().start();
  server = await startServer({
    env: { STRIPE_API_URL: stub.baseUrl, PUBLIC_URL, MAIL_TRANSPORT: 'outbox' },
    logName: 'server-payments.log',
  });
  const api = await superadminApi(server.baseUrl);
  await connectStripe(api);
  await createPaidRoute(api);
  await api.dispose();
});

test.afterAll(async () => {
  await server?.stop();
  await stub?.stop();
});

/** Connects the demo tenant's Stripe account as its settings would, and tells the stub of it. */
async function connectStripe(api: APIRequestContext) {
  const tenant = (await (await api.get('/api/public/tenants/demo')).json()) as { id: string };
  const saved = await api.put('/api/tenants/demo/payment-settings', {
    data: { secret_key: STRIPE.secretKey, webhook_secret: STRIPE.signingSecret },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  stub.addAccount({
    ...STRIPE,
    webhookUrl: `${server.baseUrl}/api/payments/stripe/webhook/${tenant.id}`,
  });
}

/** The paid route at € 12,00 all year, 25 % off with ESTATE. */
async function createPaidRoute(api: APIRequestContext) {
  const routeId = await createRouteWithSteps(api, 'demo', ROUTE);
  const priced = await api.post(`/api/tenants/demo/routes/${routeId}/pricing`, {
    data: pricingFields({
      date_from: '2020-01-01',
      date_to: '2099-12-31',
      cost_euro: 12,
      discount_code: 'ESTATE',
      discount_type: 'percentage',
      discount_percentage: 25,
    }),
  });
  expect(priced.status(), await priced.text()).toBe(201);
}

/** A phone on this spec's server, whose browser reaches the public address through it. */
async function newPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    permissions: ['geolocation'],
    geolocation: PLACES.trevi,
  });
  await context.route(`${PUBLIC_URL}/**`, (route) => {
    const url = new URL(route.request().url());
    return route.fulfill({
      status: 302,
      headers: { location: `${server.baseUrl}${url.pathname}${url.search}` },
    });
  });
  return context.newPage();
}

test('a team pays for a route with a discount code on Stripe and plays it', async ({
  browser,
}, testInfo) => {
  const phone = await newPhone(browser);
  await phone.goto('/demo/start');
  await phone.getByLabel('Email della squadra').fill(TEAM);
  await phone.getByRole('button', { name: 'Registrati' }).click();
  await expect(phone.getByText('Controlla la tua email')).toBeVisible();
  const verifyLink = async () =>
    (await outboxLinks(server.dataDir, TEAM, '/verify-email?token='))[0];
  await expect.poll(verifyLink).toBeDefined();
  const link = new URL((await verifyLink())!);
  await phone.goto(`${link.pathname}${link.search}`);
  await phone.getByLabel('Nome della squadra').fill('I Paganti');
  await phone.getByRole('button', { name: 'Continua' }).click();
  await phone.getByRole('button', { name: ROUTE.title }).click();
  await phone.getByRole('button', { name: 'Seleziona questo percorso' }).click();

  // The payment page: the server's price, a wrong code refused, the right one applied.
  await expect(phone).toHaveURL(/\/demo\/roma-a-pagamento\/payment$/);
  await expect(phone.getByRole('heading', { name: ROUTE.title })).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Paga € 12,00' })).toBeVisible();
  await phone.getByLabel('Codice sconto').fill('inverno');
  await phone.getByRole('button', { name: 'Applica' }).click();
  await expect(phone.getByRole('alert')).toHaveText('Codice sconto non valido');
  await phone.getByLabel('Codice sconto').fill('estate');
  await phone.getByRole('button', { name: 'Applica' }).click();
  await expect(phone.getByText('Sconto (ESTATE)')).toBeVisible();
  await expect(phone.getByText('− € 3,00')).toBeVisible();
  await phone.screenshot({ path: testInfo.outputPath('payment-page.png'), fullPage: true });
  await expectAccessible(phone, 'discount applied');

  // Stripe's page, left by its cancel link: back on the payment page, nothing charged.
  await phone.getByRole('button', { name: 'Paga € 9,00' }).click();
  await expect(phone.getByText('Totale: € 9,00')).toBeVisible();
  await phone.getByRole('link', { name: 'Annulla' }).click();
  await expect(phone).toHaveURL(/\/demo\/roma-a-pagamento\/payment\?cancelled=1$/);
  await expect(
    phone.getByText('Pagamento annullato: non ti è stato addebitato nulla.'),
  ).toBeVisible();
  await expectAccessible(phone, 'cancelled');
  expect(stub.deliveries).toEqual([]);

  // Paid at last: the signed webhook confirms it, the page starts the game at its first step.
  await phone.getByLabel('Codice sconto').fill('estate');
  await phone.getByRole('button', { name: 'Applica' }).click();
  await phone.getByRole('button', { name: 'Paga € 9,00' }).click();
  await phone.getByRole('button', { name: 'Paga', exact: true }).click();
  const gameUrl = /\/demo\/gioco\/step\?route=roma-a-pagamento&game=([0-9a-f-]{36})$/;
  await expect(phone).toHaveURL(gameUrl);
  const gameId = gameUrl.exec(phone.url())?.[1];
  await expect(phone.getByText(TASK)).toBeVisible();
  await phone.screenshot({ path: testInfo.outputPath('paid-first-step.png') });
  expect(stub.deliveries.map(({ event, status }) => [event.type, status])).toEqual([
    ['checkout.session.completed', 200],
  ]);
  const [session] = [...stub.sessions.values()].filter(({ status }) => status === 'complete');
  expect(session).toMatchObject({ amount_total: 900, customer_email: TEAM });
  await expect.poll(async () => (await receipts()).length).toBe(1);
  const [receipt] = await receipts();
  expect(receipt?.subject).toBe('Tappa Demo: ricevuta di pagamento / payment receipt');
  expect(receipt?.text).toContain('Importo pagato: € 9,00');
  expect(receipt?.text).toContain('Codice sconto: ESTATE');

  // Paid for good: the route list resumes the same game, with no second payment.
  await phone.goto('/demo/select-route');
  await phone.getByRole('button', { name: ROUTE.title }).click();
  await expect(phone).toHaveURL(gameUrl);
  expect(gameUrl.exec(phone.url())?.[1]).toBe(gameId);
  expect(stub.deliveries).toHaveLength(1);

  // The organiser refunds it from the route's payments: the team is asked to pay again.
  const admin = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1366, height: 768 },
  });
  const desk = await admin.newPage();
  await signInAt(desk, '/login', SUPERADMIN.email, SUPERADMIN.password);
  await expect(desk).toHaveURL(/\/home$/);
  await desk.goto('/demo/routes');
  const card = desk.getByRole('article', { name: ROUTE.title });
  await card.getByRole('button', { name: 'Altre azioni' }).click();
  await desk.getByRole('menuitem', { name: 'Pagamenti' }).click();
  const dialog = desk.getByRole('dialog', { name: 'Pagamenti' });
  const row = dialog.getByRole('row').filter({ hasText: 'I Paganti' });
  await expect(row).toContainText('€ 9,00');
  await expect(row).toContainText('ESTATE');
  await expect(row).toContainText('Completato');
  await desk.screenshot({ path: testInfo.outputPath('staff-payments.png') });
  await expectAccessible(desk, 'payments dialog');
  await row.getByRole('button', { name: 'Rimborsa il pagamento di I Paganti' }).click();
  await answerConfirmation(desk, /I Paganti/);
  await expect(row).toContainText('Rimborsato');
  expect(stub.refunds).toHaveLength(1);
  await admin.close();

  await phone.goto('/demo/select-route');
  await phone.getByRole('button', { name: ROUTE.title }).click();
  await phone.getByRole('button', { name: 'Seleziona questo percorso' }).click();
  await expect(phone).toHaveURL(/\/demo\/roma-a-pagamento\/payment$/);
  await expect(phone.getByRole('button', { name: 'Paga € 12,00' })).toBeVisible();
  await phone.context().close();
});
