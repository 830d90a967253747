import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../src/app';
import { tenants } from '../src/db/schema';
import { createStorage } from '../src/infra/storage';
import type { RouteAccess } from '../src/modules/access/route-access';
import {
  accessCodes,
  analytics,
  audit,
  backups,
  checkout,
  dashboard,
  emailSettings,
  type Endpoint,
  endpointsIn,
  gameAlbum,
  gameLive,
  gameLocation,
  gameResults,
  games,
  handoff,
  health,
  live,
  media,
  messages,
  orphanUsers,
  paymentSettings,
  platformBrand,
  platformUsers,
  playerRoutes,
  players,
  pricing,
  publicPlatformBrand,
  publicTenants,
  review,
  routeAlbum,
  routePayments,
  routes,
  scoreboards,
  session,
  staffMessages,
  type StaffPolicy,
  steps,
  stripeWebhook,
  teamRecords,
  tenantBrand,
  tenantPlayers,
  tenantRoles,
  tenants as tenantAdmin,
  tenantStaff,
} from '@tappa/contracts';
import { createTestApp, type TestApp } from './helpers/app';
import { allowConnections, rawDb, TEST_DB } from './helpers/database';
import { call, makeTenant, makeUser, signIn } from './helpers/factories';
import { type Smtp2goStub, startSmtp2goStub } from './helpers/smtp2go-stub';
import { fingerprint as fingerprintOf } from './helpers/fingerprint';
import { pricingFields, routeFields, tenantFields } from './helpers/forms';
import { multipart } from './helpers/multipart';
import {
  jpeg,
  makeSpares,
  makeWorld,
  NO_SPARES,
  type PlatformSpares,
  type TenantWorld,
  teamCookie,
} from './helpers/sweep-world';

/**
 * The access sweep (issue 11): for every API route the server registers, generated from its own
 * route table, the callers who must be refused are refused, another tenant's ids under the
 * caller's slug and the caller's ids under another tenant's slug answer 404 (401 for a team,
 * which is nobody there), and none of these calls changes the database. The rightful call with
 * the same request then succeeds, so a refusal is never an artefact of a bad request. A route
 * without a case fails the test: a new endpoint is covered the moment it exists.
 */

/**
 * The records a route's URL and body name: one tenant's world, and a tenant and a superadmin
 * account to administer.
 */
type Ids = TenantWorld & PlatformSpares;

/** A request's body, as a browser would send it. */
type Body = Pick<InjectOptions, 'payload' | 'headers'>;

interface Case {
  /** The body of the rightful call (and of every refused one). */
  body?: (ids: Ids) => Body | Promise<Body>;
  /** Whether the rightful call is made (an event stream never ends: scoreboards.test.ts). */
  control?: boolean;
  /** The tenant admin may write while the tenant is inactive (to switch it back on). */
  writableWhileInactive?: boolean;
}

const json = (payload: object): Body => ({ payload });
const png = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#3B82F6' } })
    .png()
    .toBuffer();
const routeForm = (title: string, slug: string | null = null) => json(routeFields({ title, slug }));
const tenantForm = (name: string) =>
  multipart([
    {
      name: 'data',
      json: tenantFields({
        name,
        admin_email: `admin-${randomBytes(4).toString('hex')}@example.org`,
      }),
    },
  ]);
const routeJson = (slug: string) =>
  json({
    json: JSON.stringify({
      id: slug,
      title: 'Importata',
      steps: [
        {
          ord: 1,
          place: 'Pantheon',
          lat: 41.9,
          lng: 12.48,
          radius_m: 40,
          task: 'Conta le colonne',
          check_type: 'text',
          check_answer: '16',
        },
      ],
    }),
  });
const photoForm = async () =>
  multipart([
    { name: 'photo', file: await jpeg(), filename: 'photo.jpg', contentType: 'image/jpeg' },
  ]);

const mediaUpload = async () =>
  multipart([
    { name: 'file', file: await png(), filename: 'foto.png', contentType: 'image/png' },
    { name: 'data', json: { folder_id: null } },
  ]);

/** Every API route, by `METHOD url` (a HEAD route shares its GET's case). */
const CASES = new Map<Endpoint, Case>([
  [health.read, {}],
  [session.read, {}],
  [session.signIn, {}],
  [session.signOut, {}],
  [session.forgotPassword, {}],
  [session.resetPassword, {}],
  [publicPlatformBrand.read, {}],
  [publicTenants.read, {}],
  [publicTenants.manifest, {}],
  [publicTenants.icon, {}],
  [emailSettings.read, {}],
  [
    emailSettings.save,
    {
      body: () => json({ api_key: 'sweep-key-1234', sender_email: 'sender@example.org' }),
    },
  ],
  [emailSettings.test, { body: () => json({ test_email: 'to@example.org' }) }],
  [
    platformBrand.saveColors,
    {
      body: () => json({ primary_color: '#123456', secondary_color: '#654321' }),
    },
  ],
  [
    platformBrand.uploadAsset,
    {
      body: async () =>
        multipart([
          { name: 'file', file: await png(), filename: 'logo.png', contentType: 'image/png' },
        ]),
    },
  ],
  [platformBrand.removeAsset, {}],
  [tenantAdmin.list, {}],
  [tenantAdmin.detail, {}],
  [tenantAdmin.create, { body: () => tenantForm(`Nuova ${randomUUID()}`) }],
  [tenantAdmin.update, { body: () => tenantForm(`Rinominata ${randomUUID()}`) }],
  [tenantAdmin.remove, {}],
  [audit.page, {}],
  [backups.list, {}],
  [backups.create, {}],
  // Their rightful calls need the superadmin's password and its link: backups-panel.test.ts.
  [backups.downloadLink, { body: () => json({ password: 'segreto' }), control: false }],
  [backups.download, { control: false }],
  [backups.remove, {}],
  [platformUsers.list, {}],
  [
    platformUsers.create,
    {
      body: () => json({ email: `super-${randomUUID()}@example.org`, password: 'segreto' }),
    },
  ],
  [platformUsers.update, { body: () => json({ display_name: 'Rinominato' }) }],
  [platformUsers.setActive, { body: () => json({ is_active: false }) }],
  [platformUsers.remove, {}],
  [orphanUsers.list, {}],
  [orphanUsers.remove, {}],
  [tenantRoles.list, {}],
  [
    tenantRoles.grant,
    {
      body: (ids) => json({ email: ids.spareAccountEmail, role: 'game_manager' }),
    },
  ],
  [tenantRoles.remove, {}],
  [dashboard.read, {}],
  [tenantBrand.read, {}],
  [
    tenantBrand.save,
    {
      body: (ids) => multipart([{ name: 'data', json: tenantFields({ slug: ids.slug }) }]),
      writableWhileInactive: true,
    },
  ],
  [tenantStaff.list, {}],
  [
    tenantStaff.add,
    {
      body: () =>
        json({
          email: `staff-${randomUUID()}@example.org`,
          display_name: 'Sweep',
          password: 'segreto',
          role: 'game_manager',
        }),
    },
  ],
  [
    tenantStaff.update,
    {
      body: () => json({ display_name: 'Rinominato', is_active: false, role: 'tenant_admin' }),
    },
  ],
  [tenantStaff.remove, {}],
  [tenantPlayers.list, {}],
  [tenantPlayers.csv, {}],
  [teamRecords.detail, {}],
  // Erasing a team is for the tenant's admins, not its game managers (decision 0034).
  [teamRecords.erase, {}],
  // The export holds the team's data whole: for the tenant's admins too (decision 0086).
  [teamRecords.export, {}],
  [routes.list, {}],
  [routes.create, { body: () => routeForm('Nuovo giro') }],
  [
    routes.edit,
    {
      body: (ids) => routeForm('Giro rinominato', ids.routeSlug),
    },
  ],
  [routes.setActive, { body: () => json({ is_active: false }) }],
  [routes.remove, {}],
  [
    routes.importJson,
    {
      body: () => routeJson(`importata-${randomBytes(3).toString('hex')}`),
    },
  ],
  [routes.importSample, {}],
  [routes.duplicate, {}],
  [routes.replaceJson, { body: (ids) => routeJson(ids.routeSlug) }],
  [routes.exportJson, {}],
  [
    routes.image,
    {
      body: async () =>
        multipart([
          { name: 'image', file: await png(), filename: 'route.png', contentType: 'image/png' },
        ]),
    },
  ],
  [steps.list, {}],
  [
    steps.save,
    {
      body: (ids) =>
        json({
          steps: [
            {
              id: ids.stepId,
              place: 'Fontana',
              lat: 41.9,
              lng: 12.5,
              radius_m: 30,
              task: 'Conta',
              check_type: 'text',
              check_answer: '4',
            },
          ],
        }),
    },
  ],
  [pricing.list, {}],
  [
    pricing.add,
    {
      body: () => json(pricingFields()),
    },
  ],
  [pricing.remove, {}],
  // A tenant's Stripe account is for its admins, not its game managers (decision 0043).
  [paymentSettings.read, {}],
  [
    paymentSettings.connect,
    {
      body: () => json({ secret_key: 'sk_test_sweep1234', webhook_secret: 'whsec_sweep1234' }),
    },
  ],
  [paymentSettings.disconnect, {}],
  // Game managers read a route's payments; only admins refund (decision 0046). The refund's
  // rightful call needs Stripe (route-payments.test.ts makes it on the stub).
  [routePayments.list, {}],
  [routePayments.csv, {}],
  [
    routePayments.refund,
    {
      control: false,
    },
  ],
  [accessCodes.list, {}],
  [accessCodes.generate, { body: () => json({ count: 2 }) }],
  [scoreboards.routeCsv, {}],
  [routeAlbum.summary, {}],
  [routeAlbum.zip, {}],
  [accessCodes.remove, {}],
  [scoreboards.resetRoute, {}],
  [scoreboards.dailyReset, {}],
  [players.identify, { body: (ids) => json({ email: ids.email }) }],
  [players.resendVerification, { body: (ids) => json({ email: ids.email }) }],
  // Its token arrives by e-mail (play.test.ts); it names no record, so nothing is refused here.
  [players.verify, { control: false }],
  [players.profile, {}],
  [
    players.saveRegistration,
    {
      body: () => multipart([{ name: 'data', json: { team_name: 'Gufi', team_members: null } }]),
    },
  ],
  [playerRoutes.list, {}],
  [playerRoutes.details, {}],
  [playerRoutes.start, {}],
  [playerRoutes.redeem, { body: (ids) => json({ code: ids.code }) }],
  [checkout.quote, { body: () => json({}) }],
  // Its rightful call needs the tenant's Stripe account (checkout.test.ts makes it on a stub).
  [checkout.open, { body: () => json({}), control: false }],
  [checkout.status, {}],
  // Its rightful call is signed by Stripe (stripe-webhook.test.ts); anything else is refused.
  [
    stripeWebhook.event,
    {
      body: () => json({ id: 'evt_unsigned', type: 'checkout.session.completed' }),
    },
  ],
  [games.state, {}],
  [
    games.submit,
    {
      body: () =>
        json({ submission_id: randomUUID(), answer: '4', position: null, heading_deg: null }),
    },
  ],
  [
    games.skip,
    {
      body: () => json({ submission_id: randomUUID() }),
    },
  ],
  [
    games.finish,
    {
      body: () => json({ submission_id: randomUUID() }),
    },
  ],
  [games.takeHint, { body: () => json({ index: 0 }) }],
  // Their rightful calls need a route that asks for positions (fixes.test.ts makes them).
  [gameLocation.shareLocation, { body: () => json({ sharing: 'shared' }), control: false }],
  [
    gameLocation.fix,
    {
      body: () =>
        json({ lat: 41.9, lng: 12.48, accuracy_m: 5, taken_at: new Date().toISOString() }),
      control: false,
    },
  ],
  // A WebSocket: the sweep's plain GET runs its handshake's guard (fix-socket.test.ts opens one).
  [gameLocation.fixSocket, { control: false }],
  [games.photo, { body: () => photoForm() }],
  [games.readPhoto, {}],
  [games.resume, {}],
  [games.pause, {}],
  [gameResults.read, {}],
  // Its rightful call needs a game over: the world's game plays on (team-results.test.ts).
  [gameResults.own, { control: false }],
  [gameAlbum.summary, {}],
  [gameAlbum.zip, {}],
  [
    live.adjustPoints,
    { body: () => json({ action_id: randomUUID(), points: 5, reason: 'Sweep' }) },
  ],
  [live.undo, { body: () => json({ action_id: randomUUID(), reason: 'Sweep' }) }],
  [
    live.help,
    {
      body: () =>
        json({
          action_id: randomUUID(),
          action: 'extend_time',
          step_id: null,
          minutes: 10,
          reason: 'Sweep',
        }),
    },
  ],
  [live.ledger, {}],
  [live.trail, {}],
  [live.ledgerCsv, {}],
  [gameLive.ledger, {}],
  [handoff.issue, {}],
  // Its code comes from the team's phone (handoff.test.ts); it names no record to refuse here.
  [handoff.redeem, { body: () => json({ code: 'ZZZZZZ' }), control: false }],
  [scoreboards.rankings, {}],
  [scoreboards.routes, {}],
  [scoreboards.stream, { control: false }],
  [live.console, {}],
  [analytics.route, {}],
  [analytics.report, {}],
  [analytics.standings, {}],
  [live.stream, { control: false }],
  [live.activity, {}],
  [live.routeSettings, { body: () => json({ stuck_after_minutes: 20 }) }],
  [live.freeze, {}],
  [live.reveal, {}],
  [live.pauseEvent, {}],
  [live.resumeEvent, {}],
  [live.endEvent, {}],
  [review.summary, {}],
  [review.next, { body: () => json({}) }],
  [review.items, {}],
  [review.claim, {}],
  [review.decide, { body: () => json({ action_id: randomUUID(), decision: 'approve' }) }],
  [review.undo, { body: () => json({ action_id: randomUUID() }) }],
  [review.photo, {}],
  [review.wall, {}],
  // A stream that got its first answer never ends: review-wall.test.ts opens it.
  [review.wallStream, { control: false }],
  [review.hide, {}],
  [messages.inbox, {}],
  // A stream that got its first answer never ends: messages.test.ts opens it.
  [messages.stream, { control: false }],
  [messages.write, { body: () => json({ action_id: randomUUID(), body: 'Sweep' }) }],
  [messages.received, { body: () => json({ through: 1 }) }],
  [messages.read, { body: (ids) => json({ message_ids: [ids.messageId] }) }],
  [
    staffMessages.send,
    { body: () => json({ action_id: randomUUID(), audience: 'tenant', body: 'Sweep' }) },
  ],
  [staffMessages.list, {}],
  [staffMessages.recipients, {}],
  [staffMessages.cancel, {}],
  [staffMessages.threads, {}],
  [staffMessages.thread, {}],
  [staffMessages.reply, { body: () => json({ action_id: randomUUID(), body: 'Sweep' }) }],
  [staffMessages.board, {}],
  // A stream that got its first answer never ends: messages.test.ts covers the board's.
  [staffMessages.boardStream, { control: false }],
  [gameLive.read, {}],
  // A stream that got its first answer never ends: live-console.test.ts covers it.
  [gameLive.stream, { control: false }],
  [media.tenant.list, {}],
  [
    media.tenant.createFolder,
    {
      body: (ids) => json({ name: 'Nuova', parent_folder_id: ids.mediaFolderId }),
    },
  ],
  [media.tenant.deleteFolder, {}],
  [media.tenant.upload, { body: () => mediaUpload() }],
  [media.tenant.updateFile, { body: () => json({ description: 'Fontana' }) }],
  [media.tenant.deleteFile, {}],
  [media.platform.list, {}],
  [
    media.platform.createFolder,
    {
      body: (ids) => json({ name: 'Nuova', parent_folder_id: ids.globalFolderId }),
    },
  ],
  [media.platform.deleteFolder, {}],
  [media.platform.upload, { body: () => mediaUpload() }],
  [media.platform.updateFile, { body: () => json({ description: 'Fontana' }) }],
  [media.platform.deleteFile, {}],
]);

/** The query a route reads a record by (the scoreboards' route filter). */
const QUERIES = new Map<Endpoint, (ids: Ids) => Record<string, string>>([
  [scoreboards.rankings, (ids) => ({ route: ids.routeSlug })],
  [scoreboards.stream, (ids) => ({ route: ids.routeSlug })],
  [live.console, (ids) => ({ route: ids.routeId })],
  [analytics.route, (ids) => ({ route: ids.routeId })],
  [analytics.report, (ids) => ({ route: ids.routeId })],
  [analytics.standings, (ids) => ({ route: ids.routeId })],
  [live.stream, (ids) => ({ route: ids.routeId })],
  [live.activity, (ids) => ({ route: ids.routeId, game: ids.gameId })],
  [review.wall, (ids) => ({ route: ids.routeId })],
  [review.wallStream, (ids) => ({ route: ids.routeId })],
  [media.tenant.list, (ids) => ({ folder: ids.mediaFolderId })],
  [media.platform.list, (ids) => ({ folder: ids.globalFolderId })],
  [backups.download, () => ({ token: '1.sweep' })],
]);

/** Who calls: nobody, an account, or a team's browser. */
type Caller =
  'anonymous' | 'superadmin' | 'adminA' | 'managerA' | 'judgeA' | 'adminB' | 'teamA' | 'otherTeamA';

/** Who must be refused, with what status, per declared access. */
const REFUSED: Record<RouteAccess, [Caller, number][]> = {
  public: [],
  'public-tenant': [],
  'signed-in': [['anonymous', 401]],
  superadmin: [
    ['anonymous', 401],
    ['teamA', 401],
    ['adminA', 403],
    ['managerA', 403],
  ],
  'tenant-staff': [
    ['anonymous', 401],
    ['teamA', 401],
    ['adminB', 404],
  ],
  player: [
    ['anonymous', 401],
    ['adminA', 401],
  ],
  'team-or-staff': [
    ['anonymous', 404],
    ['adminB', 404],
    ['otherTeamA', 404],
  ],
  // Unsigned: refused whoever sends it (a browser's cookie and CSRF header change nothing).
  'signed-webhook': [
    ['anonymous', 400],
    ['adminA', 400],
    ['teamA', 400],
  ],
};

/** Who a staff endpoint's policy refuses besides those its access does (decision 0060). */
const POLICY_REFUSED: Record<StaffPolicy, [Caller, number][]> = {
  // A judge may only review and show the wall (decision 0083).
  staff: [['judgeA', 403]],
  admin: [
    ['managerA', 403],
    ['judgeA', 403],
  ],
  review: [],
};

/** The rightful caller of a route, and what it gets on another tenant's slug. */
const RIGHTFUL: Record<RouteAccess, { caller: Caller; foreignSlug: number }> = {
  public: { caller: 'anonymous', foreignSlug: 404 },
  'public-tenant': { caller: 'anonymous', foreignSlug: 404 },
  'signed-in': { caller: 'adminA', foreignSlug: 404 },
  superadmin: { caller: 'superadmin', foreignSlug: 404 },
  'tenant-staff': { caller: 'adminA', foreignSlug: 404 },
  // A team is nobody in another tenant: its cookie belongs to its own tenant.
  player: { caller: 'teamA', foreignSlug: 401 },
  'team-or-staff': { caller: 'teamA', foreignSlug: 404 },
  'signed-webhook': { caller: 'anonymous', foreignSlug: 404 },
};

/** A parameter's value in the route `url` (a media library's ids are the tenant's or global). */
const PARAMS: Record<string, (ids: Ids, url: string) => string> = {
  slug: (ids) => ids.slug,
  id: (ids) => ids.spareTenantId,
  userId: (ids) => ids.spareUserId,
  staffId: (ids) => ids.staffId,
  asset: () => 'logo',
  name: () => 'maskable-512.png',
  orphanId: (ids) => ids.spareOrphanId,
  archive: (ids) => ids.spareArchive,
  // The staff's payments list takes the paid route; the others the world's code route.
  routeId: (ids, url) => (url.includes('/payments') ? ids.paidRouteId : ids.routeId),
  paymentId: (ids) => ids.paymentId,
  // The payment endpoints take a paid route; the others the world's code route.
  routeSlug: (ids, url) =>
    url.includes('/payment') || url.endsWith('/checkout') ? ids.paidRouteSlug : ids.routeSlug,
  tenantId: (ids) => ids.tenantId,
  pricingId: (ids) => ids.pricingId,
  codeId: (ids) => ids.codeId,
  // Only an exploration route's game can be finished (the world's other game is progressive).
  gameId: (ids, url) => (url.endsWith('/finish') ? ids.explorationGameId : ids.gameId),
  stepId: (ids) => ids.stepId,
  gameStepId: (ids) => ids.gameStepId,
  eventId: (ids) => String(ids.adjustmentEventId),
  itemId: (ids, url) => (url.endsWith('/undo') ? ids.decidedItemId : ids.reviewItemId),
  messageId: (ids) => ids.messageId,
  teamId: (ids) => ids.teamId,
  folderId: (ids, url) =>
    url.startsWith('/api/platform/') ? ids.globalFolderId : ids.mediaFolderId,
  fileId: (ids, url) => (url.startsWith('/api/platform/') ? ids.globalFileId : ids.mediaFileId),
};

const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);

/** The route's URL with the slug of `slugOf` and every other record of `idsOf`. */
function urlOf(route: RegisteredRoute, slugOf: Ids, idsOf: Ids): string {
  const path = route.url.replace(/:(\w+)/g, (_, name: string) => {
    const value = PARAMS[name];
    if (!value) throw new Error(`The sweep does not know the parameter :${name} (${route.url})`);
    return encodeURIComponent(value(name === 'slug' ? slugOf : idsOf, route.url));
  });
  const query = route.endpoint && QUERIES.get(route.endpoint)?.(idsOf);
  return query ? `${path}?${new URLSearchParams(query).toString()}` : path;
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A path as written, and spelt with percent-encoded letters (the router decodes them). */
const spellings = (url: string) => [
  url,
  url.replace(/^\/api/, '/%61pi'),
  url.replace(/^\/api/, '/ap%69'),
];

/** An endpoint as the sweep's test names show it: `METHOD path`. */
const labelOf = (e: Endpoint) => `${e.method} ${e.path}`;

describe(`the access sweep over every API route on ${TEST_DB}`, () => {
  let t: TestApp;
  let smtp2go: Smtp2goStub;
  let worldB: Ids;
  let tenantA: typeof tenants.$inferSelect;
  const sessions = new Map<Caller, string | null>();
  let address = 0;

  beforeAll(async () => {
    // The test e-mail goes to SMTP2GO once settings are saved: a local stand-in answers.
    smtp2go = await startSmtp2goStub();
    t = await createTestApp({ env: { SMTP2GO_API_URL: smtp2go.url } });
    const db = t.database.db;
    tenantA = await makeTenant(db);
    const tenantB = await makeTenant(db);
    const storage = createStorage(t.config, {
      info: () => null,
      warn: () => null,
      error: () => null,
    });
    worldB = {
      ...(await makeWorld({ app: t.app, db, storage }, tenantB)),
      ...NO_SPARES,
    };
    const people: [Caller, Parameters<typeof makeUser>[1]][] = [
      ['superadmin', { role: 'superadmin' }],
      ['adminA', { role: 'tenant_admin', tenantId: tenantA.id }],
      ['managerA', { role: 'game_manager', tenantId: tenantA.id }],
      ['judgeA', { role: 'judge', tenantId: tenantA.id }],
      ['adminB', { role: 'tenant_admin', tenantId: tenantB.id }],
    ];
    sessions.set('anonymous', null);
    for (const [who, opts] of people) {
      const user = await makeUser(db, opts);
      sessions.set(who, await signIn(t.app, user.email, user.password));
    }
    sessions.set('otherTeamA', teamCookie(t.app, tenantA.id, 'someone-else@example.org'));
  });
  afterAll(async () => {
    await t.close();
    await smtp2go.close();
  });

  const fingerprint = () => fingerprintOf(t.database.db);

  /** A world of its own in tenant A, with spare records to administer. */
  /** The route the server registered for `endpoint` (its GET, not the HEAD beside it). */
  function routeOf(endpoint: Endpoint): RegisteredRoute {
    const route = t.app.registeredRoutes.find(
      (r) => r.endpoint === endpoint && r.method !== 'HEAD',
    );
    if (!route) throw new Error(`${labelOf(endpoint)} is not registered`);
    return route;
  }

  async function tenantAWorld(): Promise<Ids> {
    const db = t.database.db;
    const storage = createStorage(t.config, {
      info: () => null,
      warn: () => null,
      error: () => null,
    });
    return {
      ...(await makeWorld({ app: t.app, db, storage }, tenantA)),
      ...(await makeSpares({ db, storage, backupDir: t.config.backupDir }, tenantA)),
    };
  }

  async function setTenantActive(tenantId: string, isActive: boolean) {
    await rawDb(t.database.db)
      .update(tenants)
      .set({ is_active: isActive })
      .where(eq(tenants.id, tenantId));
  }

  async function send(
    route: RegisteredRoute,
    opts: { url: string; caller: Caller; world: Ids; body: Body; withoutCsrf?: boolean },
  ) {
    const cookie = opts.caller === 'teamA' ? opts.world.teamCookie : sessions.get(opts.caller);
    address += 1;
    const request: InjectOptions = {
      method: route.method as InjectOptions['method'],
      url: opts.url,
      payload: opts.body.payload,
      headers: { ...opts.body.headers },
      remoteAddress: `10.77.${Math.floor(address / 250) % 250}.${address % 250}`,
    };
    if (!opts.withoutCsrf) return call(t.app, cookie ?? null, request);
    return t.app.inject({
      ...request,
      headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
    });
  }

  it('has a case for every API route the server registers', () => {
    const api = t.app.registeredRoutes.filter(
      (route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'),
    );
    const missing = api.filter((route) => !route.endpoint || !CASES.has(route.endpoint));
    expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([]);
    const declared = endpointsIn().filter((e) => e.path.startsWith('/api/'));
    expect(declared.filter((e) => !CASES.has(e)).map(labelOf)).toEqual([]);
  });

  // One test per route: each builds its own world, and the sweep grows with every route.
  describe('refuses whom it must, keeps tenants apart, changes nothing when it refuses', () => {
    it.each([...CASES.keys()].map((e) => [labelOf(e), e] as const))(
      '%s',
      async (_label, endpoint) => {
        const route = routeOf(endpoint);
        const access = route.access!;
        const label = `${route.method} ${route.url}`;
        const world = await tenantAWorld();
        const testCase = CASES.get(endpoint)!;
        const body = async () => (await testCase.body?.(world)) ?? {};
        const own = urlOf(route, world, world);
        const policy = route.endpoint?.policy;
        const policyRefused = policy ? POLICY_REFUSED[policy] : [];
        const refusals: { caller: Caller; url: string; status: number; why: string }[] = REFUSED[
          access
        ]
          .concat(policyRefused)
          .map(([caller, status]) => ({ caller, url: own, status, why: caller }));
        const hasIds =
          paramsOf(route.url).some((name) => name !== 'slug' && name !== 'id') ||
          QUERIES.has(endpoint);
        if (
          paramsOf(route.url).includes('slug') &&
          access !== 'superadmin' &&
          access !== 'public'
        ) {
          const rightful = RIGHTFUL[access];
          if (hasIds) {
            refusals.push({
              caller: rightful.caller,
              url: urlOf(route, world, worldB),
              status: 404,
              why: "another tenant's ids under the caller's slug",
            });
          }
          if (hasIds || access !== 'public-tenant') {
            refusals.push({
              caller: rightful.caller,
              url: urlOf(route, worldB, world),
              status: rightful.foreignSlug,
              why: "the caller's ids under another tenant's slug",
            });
          }
        }
        for (const refusal of refusals) {
          const before = await fingerprint();
          const res = await send(route, { ...refusal, world, body: await body() });
          expect(res.statusCode, `${label}: ${refusal.why} (${res.body})`).toBe(refusal.status);
          expect(await fingerprint(), `${label}: ${refusal.why} changed the database`).toBe(before);
        }
        // A write without the CSRF header is refused, however its path is spelt (a signed webhook
        // needs no header: the refusal above is its signature's).
        if (UNSAFE_METHODS.has(route.method) && access !== 'signed-webhook') {
          for (const url of spellings(own)) {
            const before = await fingerprint();
            const res = await send(route, {
              url,
              caller: RIGHTFUL[access].caller,
              world,
              body: await body(),
              withoutCsrf: true,
            });
            expect(res.statusCode, `${label} at ${url} without the CSRF header (${res.body})`).toBe(
              403,
            );
            expect(
              await fingerprint(),
              `${label} at ${url} without CSRF changed the database`,
            ).toBe(before);
          }
        }
        // The tenant's staff may only read while the tenant is inactive (decision 0022); an event
        // stream's read never ends (live-console.test.ts opens it).
        if (
          access === 'tenant-staff' &&
          endpoint !== live.stream &&
          endpoint !== review.wallStream &&
          endpoint !== staffMessages.boardStream
        ) {
          await setTenantActive(tenantA.id, false);
          for (const caller of ['adminA', 'managerA'] as const) {
            const before = await fingerprint();
            const res = await send(route, { url: own, caller, world, body: await body() });
            const why = `${label}: ${caller} of an inactive tenant (${res.body})`;
            const refusedAlways = policyRefused.find(([who]) => who === caller);
            if (refusedAlways) {
              // The route's policy refuses this caller whatever the tenant's state.
              expect(res.statusCode, why).toBe(refusedAlways[1]);
              expect(await fingerprint(), `${why} changed the database`).toBe(before);
            } else if (UNSAFE_METHODS.has(route.method) && testCase.writableWhileInactive) {
              expect(res.statusCode, why).toBe(caller === 'adminA' ? 200 : 403);
            } else if (UNSAFE_METHODS.has(route.method)) {
              expect(res.statusCode, why).toBe(403);
              expect(await fingerprint(), `${why} changed the database`).toBe(before);
            } else {
              expect(res.statusCode, why).toBeLessThan(300);
            }
          }
          await setTenantActive(tenantA.id, true);
        }
        if (testCase.control === false || access === 'public' || access === 'signed-webhook') {
          return;
        }
        const rightful = await send(route, {
          url: own,
          caller: RIGHTFUL[access].caller,
          world,
          body: await body(),
        });
        expect(rightful.statusCode, `${label}: the rightful call (${rightful.body})`).toBeLessThan(
          300,
        );
      },
    );
  });

  // Decision 0055: a database that refuses connections means "not now" on every route.
  it.skipIf(TEST_DB !== 'postgres')(
    'answers 503 with Retry-After on every API route while the database refuses connections',
    async () => {
      const world = await tenantAWorld();
      const calls = await Promise.all(
        [...CASES]
          // A stream that got its first answer never ends: scoreboards.test.ts covers it.
          .filter(([endpoint]) => endpoint !== scoreboards.stream)
          .map(async ([endpoint, testCase]) => {
            const key = labelOf(endpoint);
            const route = routeOf(endpoint);
            const body = (await testCase.body?.(world)) ?? {};
            const caller = RIGHTFUL[route.access!].caller;
            return { key, route, url: urlOf(route, world, world), caller, body };
          }),
      );
      const url = t.database.url ?? '';
      const answers: string[] = [];
      await allowConnections(url, false);
      try {
        for (const { key, route, ...opts } of calls) {
          const res = await send(route, { ...opts, world });
          answers.push(`${key}: ${res.statusCode} ${res.headers['retry-after'] ?? ''}`);
        }
      } finally {
        await allowConnections(url, true);
      }
      // An anonymous caller has no session to look up: these two need no database.
      const withoutDatabase = ['GET /api/session: 401 ', 'POST /api/session/sign-out: 204 '];
      expect(answers.filter((answer) => !answer.endsWith(': 503 5'))).toEqual(withoutDatabase);
      expect(answers).toHaveLength(CASES.size - 1);
    },
  );
});
