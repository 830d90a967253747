import { randomBytes, randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  ERROR_CODES,
  MediaUploadDataSchema,
  RegistrationWriteSchema,
  TENANT_IMAGE_PARTS,
  TenantBrandWriteSchema,
  TenantWriteSchema,
} from '@tappa/contracts';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/app';
import type { tenants } from '../../src/db/schema';
import { createStorage } from '../../src/infra/storage';
import type { RouteAccess } from '../../src/modules/access/route-access';
import { createTestApp, type TestApp } from './app';
import {
  anyBadValue,
  applyMutation,
  badJsonText,
  badParam,
  type Json,
  type Mutation,
  mutationsOf,
  nulText,
} from './bad-input';
import { TEST_DB } from './database';
import { call, makeTenant, makeUser, signIn } from './factories';
import { type Smtp2goStub, startSmtp2goStub } from './smtp2go-stub';
import { fingerprint } from './fingerprint';
import { pricingFields, routeFields, tenantFields } from './forms';
import { type FormPart, multipart } from './multipart';
import { jpeg, makeSpares, makeWorld, type PlatformSpares, type TenantWorld } from './sweep-world';

/**
 * The fuzz tier (issue 12): generated bad input against every write endpoint the server
 * registers, sent by the rightful caller so that it reaches validation. No answer is a 5xx, and
 * an answer that refuses (4xx) leaves the database and the stored files as they were. The bad
 * input is derived from the zod schema each endpoint validates its body with (its fields' types),
 * and covers wrong types, NUL characters, numbers past every range, dates that are not dates,
 * unknown fields, deep nesting, long text, bad path parameters and queries, and broken uploads.
 * The seed is fixed (printed; `FUZZ_SEED` overrides it) and so is the number of runs per
 * endpoint (`FUZZ_RUNS`), so a failure is replayed exactly.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261212);
const RUNS = Number(process.env.FUZZ_RUNS ?? 24);

/**
 * The records a route's URL names: one tenant's world, and a tenant and a superadmin account to
 * administer.
 */
type Ids = TenantWorld & PlatformSpares;

type Body = Record<string, Json>;

/** A file part of a valid form. */
interface FormFile {
  field: string;
  make: () => Promise<Buffer>;
}

/** What the rightful call sends: nothing, a JSON body, or a multipart form. */
type Valid =
  | { kind: 'none' }
  | { kind: 'json'; body: (ids: Ids) => Body; routeJson?: boolean }
  | { kind: 'form'; data?: (ids: Ids) => Body; schema?: unknown; files: FormFile[] };

const png = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#3B82F6' } })
    .png()
    .toBuffer();
const email = () => `fuzz-${randomBytes(4).toString('hex')}@example.org`;
const routeDocument = (slug: string): Body => ({
  id: slug,
  title: 'Importata',
  date_start: '2026-06-01T08:00:00Z',
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
      media: [{ type: 'image', url: 'https://example.org/a.jpg' }],
      scoring: { attempt_award: { first_try: 10 } },
    },
  ],
});
const tenantForm: Valid = {
  kind: 'form',
  data: () =>
    tenantFields({ name: `Fuzz ${randomBytes(3).toString('hex')}`, admin_email: email() }),
  schema: TenantWriteSchema,
  files: TENANT_IMAGE_PARTS.map((field) => ({ field, make: png })),
};

/** An upload to a media library, into the folder `folderOf` names. */
function mediaUpload(folderOf: (ids: Ids) => string): Valid {
  return {
    kind: 'form',
    data: (ids) => ({ folder_id: folderOf(ids) }),
    schema: MediaUploadDataSchema,
    files: [{ field: 'file', make: png }],
  };
}

/** The rightful request of every write route, by `METHOD url`. */
const VALID: Record<string, Valid> = {
  'POST /api/session/sign-in': {
    kind: 'json',
    body: () => ({ email: email(), password: 'secret-pass' }),
  },
  'POST /api/session/sign-out': { kind: 'none' },
  'POST /api/password/forgot': { kind: 'json', body: () => ({ email: email() }) },
  'POST /api/password/reset': {
    kind: 'json',
    body: () => ({ token: 'a'.repeat(24), newPassword: 'new-secret' }),
  },
  'PUT /api/platform/email-settings': {
    kind: 'json',
    body: () => ({ api_key: 'fuzz-key-1234', sender_email: email() }),
  },
  'POST /api/platform/email-settings/test': { kind: 'json', body: () => ({ test_email: email() }) },
  'PUT /api/platform/brand/colors': {
    kind: 'json',
    body: () => ({ primary_color: '#123456', secondary_color: '#654321' }),
  },
  'PUT /api/platform/brand/assets/:asset': { kind: 'form', files: [{ field: 'file', make: png }] },
  'DELETE /api/platform/brand/assets/:asset': { kind: 'none' },
  'POST /api/platform/tenants': tenantForm,
  'PUT /api/platform/tenants/:id': tenantForm,
  'PUT /api/tenants/:slug/brand': {
    ...tenantForm,
    data: (ids) => tenantFields({ slug: ids.slug }),
    schema: TenantBrandWriteSchema,
  },
  'DELETE /api/platform/tenants/:id': { kind: 'none' },
  'POST /api/platform/users': {
    kind: 'json',
    body: () => ({ email: email(), password: 'secret-pass', display_name: 'Fuzz' }),
  },
  'PUT /api/platform/users/:userId': {
    kind: 'json',
    body: () => ({ display_name: 'Fuzz', password: 'new-secret' }),
  },
  'PATCH /api/platform/users/:userId/active': {
    kind: 'json',
    body: () => ({ is_active: false }),
  },
  'DELETE /api/platform/users/:userId': { kind: 'none' },
  'DELETE /api/platform/orphan-users/:orphanId': { kind: 'none' },
  'POST /api/platform/backups': { kind: 'none' },
  'POST /api/platform/backups/:archive/download-link': {
    kind: 'json',
    body: () => ({ password: 'not-the-password' }),
  },
  'DELETE /api/platform/backups/:archive': { kind: 'none' },
  'POST /api/platform/tenants/:id/roles': {
    kind: 'json',
    body: (ids) => ({ email: ids.spareAccountEmail, role: 'game_manager' }),
  },
  'DELETE /api/platform/tenants/:id/roles/:userId': { kind: 'none' },
  'POST /api/tenants/:slug/staff': {
    kind: 'json',
    body: () => ({
      email: email(),
      password: 'secret-pass',
      display_name: 'Fuzz',
      role: 'game_manager',
    }),
  },
  'PUT /api/tenants/:slug/staff/:staffId': {
    kind: 'json',
    body: () => ({ display_name: 'Fuzz', password: null, is_active: true, role: 'tenant_admin' }),
  },
  'DELETE /api/tenants/:slug/staff/:staffId': { kind: 'none' },
  'DELETE /api/tenants/:slug/players/:teamId': { kind: 'none' },
  'POST /api/tenants/:slug/routes': {
    kind: 'json',
    body: () => routeFields({ date_start: '2026-06-01T08:00:00Z' }),
  },
  'PUT /api/tenants/:slug/routes/:routeId': {
    kind: 'json',
    body: (ids) => routeFields({ date_start: '2026-06-01T08:00:00Z', slug: ids.routeSlug }),
  },
  'PATCH /api/tenants/:slug/routes/:routeId/active': {
    kind: 'json',
    body: () => ({ is_active: false }),
  },
  'DELETE /api/tenants/:slug/routes/:routeId': { kind: 'none' },
  'POST /api/tenants/:slug/routes/sample': { kind: 'none' },
  'POST /api/tenants/:slug/routes/:routeId/duplicate': { kind: 'none' },
  'POST /api/tenants/:slug/routes/import': {
    kind: 'json',
    body: () => ({ json: JSON.stringify(routeDocument(`fuzz-${randomBytes(3).toString('hex')}`)) }),
    routeJson: true,
  },
  'PUT /api/tenants/:slug/routes/:routeId/json': {
    kind: 'json',
    body: (ids) => ({ json: JSON.stringify(routeDocument(ids.routeSlug)) }),
    routeJson: true,
  },
  'POST /api/tenants/:slug/routes/:routeId/image': {
    kind: 'form',
    files: [{ field: 'image', make: png }],
  },
  'PUT /api/tenants/:slug/routes/:routeId/steps': {
    kind: 'json',
    body: (ids) => ({
      steps: [
        {
          id: ids.stepId,
          ord: 1,
          place: 'Fontana',
          lat: 41.9,
          lng: 12.5,
          radius_m: 30,
          task: 'Conta',
          check_type: 'text',
          check_answer: '4',
          orientation: 'nord',
          media: [],
          scoring: { attempt_award: { first_try: 10 } },
        },
      ],
    }),
  },
  'POST /api/tenants/:slug/routes/:routeId/pricing': {
    kind: 'json',
    body: () => pricingFields({ discount_code: 'ESTATE', discount_percentage: 10 }),
  },
  'DELETE /api/tenants/:slug/routes/:routeId/pricing/:pricingId': { kind: 'none' },
  'PUT /api/tenants/:slug/payment-settings': {
    kind: 'json',
    body: () => ({ secret_key: 'sk_test_fuzz12345678', webhook_secret: 'whsec_fuzz12345678' }),
  },
  'DELETE /api/tenants/:slug/payment-settings': { kind: 'none' },
  'PUT /api/tenants/:slug/live/routes/:routeId/settings': {
    kind: 'json',
    body: () => ({ stuck_after_minutes: 20 }),
  },
  'PUT /api/tenants/:slug/live/routes/:routeId/freeze': { kind: 'none' },
  'DELETE /api/tenants/:slug/live/routes/:routeId/freeze': { kind: 'none' },
  'PUT /api/tenants/:slug/live/routes/:routeId/pause': { kind: 'none' },
  'DELETE /api/tenants/:slug/live/routes/:routeId/pause': { kind: 'none' },
  'PUT /api/tenants/:slug/live/routes/:routeId/end': { kind: 'none' },
  // The world's payment is pending: every input is refused before Stripe is called.
  'POST /api/tenants/:slug/routes/:routeId/payments/:paymentId/refund': { kind: 'none' },
  'POST /api/tenants/:slug/routes/:routeId/access-codes': {
    kind: 'json',
    body: () => ({ count: 2 }),
  },
  'DELETE /api/tenants/:slug/routes/:routeId/access-codes/:codeId': { kind: 'none' },
  'DELETE /api/tenants/:slug/routes/:routeId/scoreboard': { kind: 'none' },
  'POST /api/tenants/:slug/scoreboard/daily-reset': { kind: 'none' },
  'POST /api/play/:slug/identify': { kind: 'json', body: (ids) => ({ email: ids.email }) },
  'POST /api/play/:slug/verification/resend': {
    kind: 'json',
    body: (ids) => ({ email: ids.email }),
  },
  'POST /api/play/:slug/verify': { kind: 'json', body: () => ({ token: 'a'.repeat(43) }) },
  'PUT /api/play/:slug/registration': {
    kind: 'form',
    data: () => ({ team_name: 'Gufi', team_members: 'Anna, Bruno' }),
    schema: RegistrationWriteSchema,
    files: [{ field: 'avatar', make: png }],
  },
  'POST /api/play/:slug/routes/:routeSlug/start': { kind: 'none' },
  'POST /api/play/:slug/routes/:routeSlug/redeem': {
    kind: 'json',
    body: (ids) => ({ code: ids.code }),
  },
  'POST /api/play/:slug/routes/:routeSlug/payment/quote': {
    kind: 'json',
    body: () => ({ discount_code: 'ESTATE' }),
  },
  'POST /api/play/:slug/routes/:routeSlug/checkout': {
    kind: 'json',
    body: () => ({ discount_code: null }),
  },
  // Unsigned, as all the fuzz sends: each input is refused (stripe-webhook.test.ts signs).
  'POST /api/payments/stripe/webhook/:tenantId': {
    kind: 'json',
    body: () => ({ id: 'evt_fuzz', type: 'checkout.session.completed', data: { object: {} } }),
  },
  'POST /api/play/:slug/games/:gameId/steps/:stepId/submit': {
    kind: 'json',
    body: () => ({
      submission_id: '6f1c2a4e-3b7d-4c1e-9a2b-8d5e6f7a8b9c',
      answer: '4',
      position: { lat: 41.9, lng: 12.5, accuracy_m: 5 },
      heading_deg: 90,
    }),
  },
  'POST /api/play/:slug/games/:gameId/steps/:stepId/skip': {
    kind: 'json',
    body: () => ({ submission_id: '6f1c2a4e-3b7d-4c1e-9a2b-8d5e6f7a8b9c' }),
  },
  'POST /api/play/:slug/games/:gameId/steps/:stepId/hints': {
    kind: 'json',
    body: () => ({ index: 0 }),
  },
  'PUT /api/play/:slug/games/:gameId/location': {
    kind: 'json',
    body: () => ({ sharing: 'shared' }),
  },
  'POST /api/play/:slug/games/:gameId/fixes': {
    kind: 'json',
    body: () => ({ lat: 41.9, lng: 12.48, accuracy_m: 5, taken_at: '2026-11-30T09:00:00.000Z' }),
  },
  'POST /api/play/:slug/games/:gameId/finish': {
    kind: 'json',
    body: () => ({ submission_id: '6f1c2a4e-3b7d-4c1e-9a2b-8d5e6f7a8b9c' }),
  },
  'POST /api/play/:slug/games/:gameId/steps/:stepId/photo': {
    kind: 'form',
    files: [{ field: 'photo', make: jpeg }],
  },
  'POST /api/play/:slug/games/:gameId/resume': { kind: 'none' },
  'POST /api/play/:slug/games/:gameId/pause': { kind: 'none' },
  'POST /api/play/:slug/games/:gameId/handoff': { kind: 'none' },
  'POST /api/tenants/:slug/live/games/:gameId/points': {
    kind: 'json',
    body: () => ({ action_id: randomUUID(), points: 5, reason: 'Fuzz' }),
  },
  'POST /api/tenants/:slug/live/games/:gameId/help': {
    kind: 'json',
    body: () => ({
      action_id: randomUUID(),
      action: 'extend_time',
      step_id: null,
      minutes: 10,
      reason: 'Fuzz',
    }),
  },
  'POST /api/tenants/:slug/live/games/:gameId/events/:eventId/undo': {
    kind: 'json',
    body: () => ({ action_id: randomUUID(), reason: 'Fuzz' }),
  },
  'POST /api/play/:slug/handoff/redeem': { kind: 'json', body: () => ({ code: 'ZZZZZZ' }) },
  'POST /api/tenants/:slug/review/next': { kind: 'json', body: () => ({}) },
  'POST /api/tenants/:slug/review/items/:itemId/claim': { kind: 'none' },
  'POST /api/tenants/:slug/review/items/:itemId/decision': {
    kind: 'json',
    body: () => ({ action_id: randomUUID(), decision: 'reject', reason: 'Fuzz' }),
  },
  'POST /api/tenants/:slug/review/items/:itemId/undo': {
    kind: 'json',
    body: () => ({ action_id: randomUUID() }),
  },
  'DELETE /api/tenants/:slug/review/wall/:itemId': { kind: 'none' },
  'POST /api/play/:slug/messages': {
    kind: 'json',
    body: () => ({ action_id: randomUUID(), body: 'Fuzz' }),
  },
  'POST /api/play/:slug/messages/received': { kind: 'json', body: () => ({ through: 1 }) },
  'POST /api/play/:slug/messages/read': {
    kind: 'json',
    body: (ids) => ({ message_ids: [ids.messageId] }),
  },
  'POST /api/tenants/:slug/messages': {
    kind: 'json',
    body: (ids) => ({
      action_id: randomUUID(),
      audience: 'route',
      route_id: ids.routeId,
      body: 'Fuzz',
      read_confirmation: true,
      send_at: null,
    }),
  },
  'DELETE /api/tenants/:slug/messages/:messageId': { kind: 'none' },
  'POST /api/tenants/:slug/messages/threads/:teamId': {
    kind: 'json',
    body: () => ({ action_id: randomUUID(), body: 'Fuzz' }),
  },
  'POST /api/tenants/:slug/media/folders': {
    kind: 'json',
    body: (ids) => ({ name: 'Roma', parent_folder_id: ids.mediaFolderId }),
  },
  'DELETE /api/tenants/:slug/media/folders/:folderId': { kind: 'none' },
  'POST /api/tenants/:slug/media/files': mediaUpload((ids) => ids.mediaFolderId),
  'PATCH /api/tenants/:slug/media/files/:fileId': {
    kind: 'json',
    body: () => ({ description: 'Fontana di Trevi' }),
  },
  'DELETE /api/tenants/:slug/media/files/:fileId': { kind: 'none' },
  'POST /api/platform/media/folders': {
    kind: 'json',
    body: (ids) => ({ name: 'Roma', parent_folder_id: ids.globalFolderId }),
  },
  'DELETE /api/platform/media/folders/:folderId': { kind: 'none' },
  'POST /api/platform/media/files': mediaUpload((ids) => ids.globalFolderId),
  'PATCH /api/platform/media/files/:fileId': {
    kind: 'json',
    body: () => ({ description: 'Fontana di Trevi' }),
  },
  'DELETE /api/platform/media/files/:fileId': { kind: 'none' },
};

/** Who makes the rightful call, per declared access. */
const RIGHTFUL: Record<RouteAccess, 'anonymous' | 'superadmin' | 'adminA' | 'teamA'> = {
  public: 'anonymous',
  'public-tenant': 'anonymous',
  'signed-in': 'adminA',
  superadmin: 'superadmin',
  'tenant-staff': 'adminA',
  player: 'teamA',
  'team-or-staff': 'teamA',
  'signed-webhook': 'anonymous',
};

/** A parameter's value in the route `url` (a media library's ids are the tenant's or global). */
const PARAMS: Record<string, (ids: Ids, url: string) => string> = {
  slug: (ids) => ids.slug,
  id: (ids) => ids.spareTenantId,
  userId: (ids) => ids.spareUserId,
  staffId: (ids) => ids.staffId,
  asset: () => 'footer_logo',
  orphanId: (ids) => ids.spareOrphanId,
  archive: (ids) => ids.spareArchive,
  // The staff's payments list takes the paid route; the others the world's code route.
  routeId: (ids, url) => (url.includes('/payments') ? ids.paidRouteId : ids.routeId),
  paymentId: (ids) => ids.paymentId,
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

/** One generated bad request. */
type Input =
  | { target: 'body'; mutation: Mutation }
  | { target: 'document'; mutation: Mutation }
  | { target: 'param'; name: string; value: string }
  | { target: 'query'; value: string }
  | { target: 'junk-body'; value: Json }
  | { target: 'raw-body'; text: string }
  | { target: 'form-data'; mutation: Mutation }
  | { target: 'form-data-text'; text: string }
  | { target: 'form-file'; bytes: Uint8Array }
  | { target: 'form-field'; name: string }
  | { target: 'form-truncated'; fraction: number }
  | { target: 'form-content-type'; value: string }
  | { target: 'form-as-json'; value: Json };

const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const keyOf = (route: RegisteredRoute) => `${route.method} ${route.url}`;

/** The bad requests of one route, derived from its rightful request and its body schema. */
function inputsOf(route: RegisteredRoute, valid: Valid, sample: Ids): fc.Arbitrary<Input> {
  const options: fc.WeightedArbitrary<Input>[] = [];
  const add = (weight: number, arbitrary: fc.Arbitrary<Input>) =>
    options.push({ weight, arbitrary });
  const target = <T extends Input['target']>(name: T) => fc.constant(name);
  add(
    1,
    fc.record({
      target: target('query'),
      value: fc.oneof(nulText.map(encodeURIComponent), badParam),
    }),
  );
  add(1, fc.record({ target: target('raw-body'), text: badJsonText }));
  const names = paramsOf(route.url);
  if (names.length > 0) {
    add(
      2,
      fc.record({ target: target('param'), name: fc.constantFrom(...names), value: badParam }),
    );
  }
  switch (valid.kind) {
    case 'none':
      add(2, fc.record({ target: target('junk-body'), value: anyBadValue }));
      break;
    case 'json': {
      const body = valid.body(sample);
      add(8, fc.record({ target: target('body'), mutation: mutationsOf(body, route.bodySchema) }));
      if (valid.routeJson) {
        const document = JSON.parse(body.json as string) as Body;
        add(
          8,
          fc.record({ target: target('document'), mutation: mutationsOf(document, undefined) }),
        );
      }
      break;
    }
    case 'form': {
      if (valid.data) {
        const mutations = mutationsOf(valid.data(sample), valid.schema);
        add(8, fc.record({ target: target('form-data'), mutation: mutations }));
        add(
          1,
          fc.record({
            target: target('form-data-text'),
            text: fc.oneof(fc.constantFrom('{', 'garbage', '', '{"a":'), nulText),
          }),
        );
      }
      add(
        2,
        fc.record({
          target: target('form-file'),
          bytes: fc.oneof(
            fc.uint8Array({ maxLength: 2048 }),
            fc.constant(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')),
            fc.constant(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0])),
            fc.constant(new Uint8Array([0, 0, 1, 0, 1, 0, 16, 16])),
          ),
        }),
      );
      add(
        1,
        fc.record({
          target: target('form-field'),
          name: fc.oneof(fc.constantFrom('data', 'file', 'avatar', 'image'), fc.string()),
        }),
      );
      add(
        1,
        fc.record({
          target: target('form-truncated'),
          fraction: fc.double({ min: 0, max: 0.99, noNaN: true }),
        }),
      );
      add(
        1,
        fc.record({
          target: target('form-content-type'),
          value: fc.constantFrom(
            'multipart/form-data',
            'multipart/form-data; boundary=',
            'multipart/form-data; boundary=nope',
            'multipart/mixed; boundary=x',
          ),
        }),
      );
      add(1, fc.record({ target: target('form-as-json'), value: anyBadValue }));
      break;
    }
  }
  return fc.oneof(...options);
}

/** The form parts of a valid form; `data` replaced when given. */
async function formParts(valid: Extract<Valid, { kind: 'form' }>, ids: Ids, data?: FormPart) {
  const parts: FormPart[] = [];
  if (data) parts.push(data);
  else if (valid.data) parts.push({ name: 'data', json: valid.data(ids) });
  for (const file of valid.files) {
    parts.push({
      name: file.field,
      file: await file.make(),
      filename: `${file.field}.png`,
      contentType: 'image/png',
    });
  }
  return parts;
}

/** The request an input makes of the route, against the world `ids`. */
async function requestOf(
  route: RegisteredRoute,
  valid: Valid,
  ids: Ids,
  input: Input,
): Promise<Pick<InjectOptions, 'url' | 'payload' | 'headers'>> {
  const url = route.url.replace(/:(\w+)/g, (_, name: string) =>
    input.target === 'param' && input.name === name
      ? input.value
      : encodeURIComponent(PARAMS[name]!(ids, route.url)),
  );
  const json = (payload: Json) => ({
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });
  const rightful = async () => {
    if (valid.kind === 'json') return json(valid.body(ids));
    if (valid.kind === 'form') return multipart(await formParts(valid, ids));
    return { url };
  };
  const form = valid as Extract<Valid, { kind: 'form' }>;
  switch (input.target) {
    case 'param':
      return { ...(await rightful()), url };
    case 'query':
      return { ...(await rightful()), url: `${url}?route=${input.value}&x=${input.value}` };
    case 'junk-body':
      return json(input.value);
    case 'raw-body':
      return { url, payload: input.text, headers: { 'content-type': 'application/json' } };
    case 'body':
      return json(applyMutation((valid as { body: (ids: Ids) => Body }).body(ids), input.mutation));
    case 'document': {
      const body = (valid as { body: (ids: Ids) => Body }).body(ids);
      const document = applyMutation(JSON.parse(body.json as string) as Body, input.mutation);
      return json({ json: JSON.stringify(document) });
    }
    case 'form-as-json':
      return json(input.value);
    case 'form-data': {
      const data = applyMutation(form.data!(ids), input.mutation);
      return { url, ...multipart(await formParts(form, ids, { name: 'data', json: data })) };
    }
    case 'form-data-text':
      return { url, ...multipart(await formParts(form, ids, { name: 'data', text: input.text })) };
    case 'form-file': {
      const parts = (await formParts(form, ids)).map((part) =>
        'file' in part ? { ...part, file: Buffer.from(input.bytes) } : part,
      );
      return { url, ...multipart(parts) };
    }
    case 'form-field': {
      const parts = (await formParts(form, ids)).map((part) =>
        'file' in part ? { ...part, name: input.name } : part,
      );
      return { url, ...multipart(parts) };
    }
    case 'form-truncated': {
      const full = multipart(await formParts(form, ids));
      const cut = full.payload.subarray(0, Math.floor(full.payload.length * input.fraction));
      return { url, payload: cut, headers: full.headers };
    }
    case 'form-content-type': {
      const full = multipart(await formParts(form, ids));
      return { url, payload: full.payload, headers: { 'content-type': input.value } };
    }
  }
}

/** Every file under `dir`, recursively (none when it does not exist). */
async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
  } catch {
    return [];
  }
}

/** Whether `value` is an array nested more than 20 deep. */
function isDeep(value: unknown): boolean {
  let item = value;
  for (let depth = 0; depth < 20; depth += 1) {
    if (!Array.isArray(item)) return false;
    item = item[0];
  }
  return true;
}

/** The input, short enough for a report line. */
const describeInput = (input: Input) =>
  JSON.stringify(input, (_, value: unknown) => {
    if (typeof value === 'string' && value.length > 120) {
      return `${value.slice(0, 60)}…(${value.length} chars)`;
    }
    if (isDeep(value)) return '<deeply nested>';
    if (Array.isArray(value) && value.length > 20) return `[${value.length} items]`;
    if (value instanceof Uint8Array) return `<${value.length} bytes>`;
    return value;
  }).slice(0, 600);

/**
 * The tier's tests for one shard of the endpoints (`shard` of `shards`, from 1, every
 * `shards`-th endpoint), each shard in its own test file so that the runner's workers share
 * them; the first also checks that every write endpoint has its rightful request.
 */
export function fuzzTier(shard: number, shards: number): void {
  describe(`the fuzz tier over every write endpoint on ${TEST_DB} (${shard} of ${shards})`, () => {
    let t: TestApp;
    let smtp2go: Smtp2goStub;
    let tenantA: typeof tenants.$inferSelect;
    const sessions = new Map<string, string | null>();
    let address = 0;

    beforeAll(async () => {
      console.info(`fuzz: seed ${SEED} (FUZZ_SEED to replay), ${RUNS} runs per endpoint`);
      // The test e-mail goes to SMTP2GO once settings are saved: a local stand-in answers.
      smtp2go = await startSmtp2goStub();
      t = await createTestApp({ env: { SMTP2GO_API_URL: smtp2go.url } });
      const db = t.database.db;
      tenantA = await makeTenant(db);
      // Another tenant's records, which no request may touch either.
      await makeWorld({ app: t.app, db, storage: storageOf() }, await makeTenant(db));
      sessions.set('anonymous', null);
      for (const [who, opts] of [
        ['superadmin', { role: 'superadmin' }],
        ['adminA', { role: 'tenant_admin', tenantId: tenantA.id }],
      ] as const) {
        const user = await makeUser(db, opts);
        sessions.set(who, await signIn(t.app, user.email, user.password));
      }
    });
    afterAll(async () => {
      await t.close();
      await smtp2go.close();
    });

    const storageOf = () =>
      createStorage(t.config, { info: () => null, warn: () => null, error: () => null });

    async function freshWorld(): Promise<Ids> {
      const db = t.database.db;
      const world = await makeWorld({ app: t.app, db, storage: storageOf() }, tenantA);
      return {
        ...world,
        ...(await makeSpares({ db, storage: storageOf(), backupDir: t.config.backupDir }, tenantA)),
      };
    }

    const writeRoutes = () =>
      t.app.registeredRoutes.filter(
        (route) => route.url.startsWith('/api/') && WRITE_METHODS.has(route.method),
      );

    if (shard === 1) {
      it('has a rightful request for every write endpoint the server registers', () => {
        const keys = writeRoutes().map(keyOf);
        expect(keys.filter((key) => !(key in VALID))).toEqual([]);
        expect(Object.keys(VALID).filter((key) => !keys.includes(key))).toEqual([]);
      });
    }

    // One test per endpoint, each with its own time: the whole tier takes minutes on a busy machine.
    const keys = Object.keys(VALID).filter((_, n) => n % shards === shard - 1);
    for (const key of keys) {
      it(`answers bad input to ${key} with a 4xx that changes nothing, never with a 5xx`, async () => {
        const routes = writeRoutes();
        const index = routes.findIndex((route) => keyOf(route) === key);
        expect(index, `${key} is not registered`).not.toBe(-1);
        const route = routes[index]!;
        const problems: string[] = [];
        const filesDir = path.join(t.dataDir, 'files');
        const valid = VALID[key]!;
        const caller = RIGHTFUL[route.access!];
        let world = await freshWorld();
        const inputs = fc.sample(inputsOf(route, valid, world), {
          seed: SEED + index,
          numRuns: RUNS,
        });
        /** The database's digest after the last refusal, which changed nothing: this one's before. */
        let unchanged: string | null = null;
        for (const input of inputs) {
          const request = await requestOf(route, valid, world, input);
          const before: string = unchanged ?? (await fingerprint(t.database.db));
          unchanged = null;
          const filesBefore = await filesUnder(filesDir);
          address += 1;
          const res = await call(
            t.app,
            caller === 'teamA' ? world.teamCookie : sessions.get(caller)!,
            {
              method: route.method as InjectOptions['method'],
              ...request,
              remoteAddress: `10.88.${Math.floor(address / 250) % 250}.${address % 250}`,
            },
          );
          const label = `${key} ← ${describeInput(input)}`;
          if (res.statusCode >= 500) {
            problems.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          } else if (res.statusCode >= 400) {
            const code = res.json<{ error?: { code?: string } }>().error?.code;
            if (!ERROR_CODES.includes(code as never)) {
              problems.push(`${label}: ${res.statusCode} without an error code (${res.body})`);
            }
            const after = await fingerprint(t.database.db);
            if (after !== before) problems.push(`${label}: ${res.statusCode} changed the database`);
            else unchanged = after;
            const filesAfter = await filesUnder(filesDir);
            if (filesAfter.some((file) => !filesBefore.includes(file))) {
              problems.push(`${label}: ${res.statusCode} left a file behind`);
            }
          }
          // A request that was taken may have used up the world (a deleted route, a finished game).
          if (res.statusCode < 400) world = await freshWorld();
        }
        expect(problems).toEqual([]);
      }, 300_000);
    }
  });
}
