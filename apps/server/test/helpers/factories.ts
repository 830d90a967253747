import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@tappa/contracts';
import type { Role } from '@tappa/domain';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { App } from '../../src/app';
import type { Db } from '../../src/db/db';
import { tenants, users } from '../../src/db/schema';
import { importRoute } from '../../src/modules/routes/routes.service';
import { createUserAccount } from '../../src/modules/users/accounts.service';

const suffix = () => randomBytes(4).toString('hex');

/** A tenant of its own for one test. */
export async function makeTenant(db: Db, values: Partial<typeof tenants.$inferInsert> = {}) {
  const slug = values.slug ?? `t-${suffix()}`;
  const [row] = await db.global
    .insert(tenants)
    .values({ name: `Tenant ${slug}`, company_name: 'Acme srl', ...values, slug })
    .returning();
  if (!row) throw new Error('no tenant');
  return row;
}

/** The superadmin's scope in `tenant` (to set a world up through the services). */
export function superadminScope(tenant: { id: string; slug: string }) {
  return { kind: 'tenant', tenantId: tenant.id, slug: tenant.slug, role: 'superadmin' } as const;
}

/** The sample route's JSON text (`route-roma-centro.json`, a step of every check type). */
export const sampleRouteText = () =>
  readFile(
    new URL('../../../../packages/domain/src/fixtures/route-roma-centro.json', import.meta.url),
    'utf8',
  );

/** A tenant with the sample route (`route-roma-centro.json`) and the superadmin's scope in it. */
export async function makeTenantWithSampleRoute(db: Db) {
  const tenant = await makeTenant(db);
  const scope = {
    kind: 'tenant' as const,
    tenantId: tenant.id,
    slug: tenant.slug,
    role: 'superadmin' as const,
  };
  const { route } = await importRoute(db, scope, await sampleRouteText());
  return { tenant, scope, route };
}

/** A person who signs in with e-mail and password, with a role (and tenant). */
export async function makeUser(
  db: Db,
  opts: { role: Role; tenantId?: string | null; isActive?: boolean; email?: string },
) {
  const email = opts.email ?? `${opts.role}-${suffix()}@example.org`;
  const password = `pw-${suffix()}`;
  const { userId, authSub } = await db.transaction((tx) =>
    createUserAccount(tx, {
      email,
      password,
      displayName: null,
      role: opts.role,
      tenantId: opts.tenantId ?? null,
      now: new Date(),
    }),
  );
  if (opts.isActive === false) {
    await db.global.update(users).set({ is_active: false }).where(eq(users.id, userId));
  }
  return { email, password, userId, authSub };
}

/** The session cookie after signing in (throws when the sign-in fails). */
export async function signIn(app: App, email: string, password: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/session/sign-in',
    headers: { [CSRF_HEADER]: CSRF_HEADER_VALUE },
    payload: { email, password },
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return cookieHeader(res.headers['set-cookie']);
}

/** The `cookie` request header made of a response's `set-cookie` values. */
export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/** Calls the API as a browser of the app would: with the cookie and the CSRF header. */
export function call(app: App, cookie: string | null, options: InjectOptions) {
  return app.inject({
    ...options,
    headers: {
      [CSRF_HEADER]: CSRF_HEADER_VALUE,
      ...(cookie ? { cookie } : {}),
      ...options.headers,
    },
  });
}

/**
 * A new tenant with a game manager signed in: its slug, and `api` calling the tenant's staff API
 * (`/api/tenants/{slug}…`) as that manager.
 */
export async function managedTenant(app: App, db: Db) {
  const tenant = await makeTenant(db);
  const manager = await makeUser(db, { role: 'game_manager', tenantId: tenant.id });
  const cookie = await signIn(app, manager.email, manager.password);
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, payload?: object) =>
    call(app, cookie, {
      method,
      url: `/api/tenants/${tenant.slug}${path}`,
      ...(payload === undefined ? {} : { payload }),
    });
  return { tenant, slug: tenant.slug, api, cookie, managerEmail: manager.email };
}
