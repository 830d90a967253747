import { eq, getTableColumns, getTableName, isTable } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema';
import type { tenants } from '../src/db/schema';
import { games, gameSteps, mediaFiles, routes, steps } from '../src/db/schema';
import type { TenantScope } from '../src/db/scope';
import { CHILD_TABLES, GLOBAL_TABLES, LIBRARY_TABLES, TENANT_TABLES } from '../src/db/tables';
import { AppError } from '../src/errors';
import { createTestDatabase, rawDb, TEST_DB, type TestDatabase } from './helpers/database';
import { makeTenant } from './helpers/factories';

const names = (tables: readonly object[]) =>
  tables.map((table) => getTableName(table as typeof routes)).sort();

describe('table classification', () => {
  it('classifies every table of the schema exactly once', () => {
    const all = Object.values(schema).filter((value) => isTable(value));
    const classified = [
      ...TENANT_TABLES,
      ...CHILD_TABLES.map((child) => child.table),
      ...LIBRARY_TABLES,
      ...GLOBAL_TABLES,
    ];
    expect(names(classified)).toEqual(names(all));
    expect(new Set(names(classified)).size).toBe(classified.length);
  });

  it('gives every tenant table a required tenant_id, and every child a tenant-owned parent', () => {
    for (const table of TENANT_TABLES) {
      expect(getTableColumns(table).tenant_id.notNull, getTableName(table)).toBe(true);
    }
    for (const child of CHILD_TABLES) {
      expect(names(TENANT_TABLES)).toContain(getTableName(child.parent));
      expect(child.parentKey.notNull).toBe(true);
    }
  });
});

describe(`the scoped query helper on ${TEST_DB}`, () => {
  let d: TestDatabase;
  let a: TenantScope;
  let b: TenantScope;
  const ids: Record<string, string> = {};

  const scopeOf = (tenant: typeof tenants.$inferSelect): TenantScope => ({
    kind: 'tenant',
    tenantId: tenant.id,
    slug: tenant.slug,
    role: 'tenant_admin',
  });

  beforeAll(async () => {
    d = await createTestDatabase();
    a = scopeOf(await makeTenant(d.db));
    b = scopeOf(await makeTenant(d.db));
    for (const [key, scope] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const [route] = await d.db
        .scoped(scope)
        .insert(routes, { slug: 'giro', title: `Giro ${key}` })
        .returning();
      ids[`${key}Route`] = route!.id;
      const [step] = await d.db.scoped(scope).insertChildren(steps, [
        {
          route_id: route!.id,
          ord: 1,
          place: `Piazza ${key}`,
          lat: 41.9,
          lng: 12.5,
          radius_m: 30,
          task: 'Quanti leoni?',
          check_type: 'text',
          check_answer: '4',
        },
      ]);
      ids[`${key}Step`] = step!.id;
    }
  });
  afterAll(() => d.close());

  it("stamps new rows with the scope's tenant and reads only that tenant's rows", async () => {
    const rows = await d.db.scoped(a).selectFrom(routes);
    expect(rows.map((r) => [r.id, r.tenant_id])).toEqual([[ids.aRoute, a.tenantId]]);
    // Another tenant's id under this scope is simply not there.
    expect(await d.db.scoped(a).selectFrom(routes, eq(routes.id, ids.bRoute!))).toEqual([]);
  });

  it('reaches child rows only through a parent of the tenant, in the same statement', async () => {
    const own = await d.db.scoped(a).selectFrom(steps);
    expect(own.map((s) => s.id)).toEqual([ids.aStep]);
    expect(await d.db.scoped(a).selectFrom(steps, eq(steps.id, ids.bStep!))).toEqual([]);
  });

  it("updates and deletes only the tenant's rows, whatever the extra condition names", async () => {
    const foreign = eq(routes.id, ids.bRoute!);
    expect(await d.db.scoped(a).update(routes, { title: 'Preso!' }, foreign).returning()).toEqual(
      [],
    );
    expect(await d.db.scoped(a).delete(routes, foreign).returning()).toEqual([]);
    const foreignStep = eq(steps.id, ids.bStep!);
    expect(await d.db.scoped(a).update(steps, { task: 'x' }, foreignStep).returning()).toEqual([]);
    expect(await d.db.scoped(a).delete(steps, foreignStep).returning()).toEqual([]);
    const [route] = await rawDb(d.db).select().from(routes).where(foreign);
    expect(route?.title).toBe('Giro b');
    expect(await rawDb(d.db).select().from(steps).where(foreignStep)).toHaveLength(1);
  });

  it("refuses child rows under another tenant's parent, and writes none", async () => {
    const before = await rawDb(d.db).select().from(steps);
    const error = await d.db
      .scoped(a)
      .insertChildren(steps, [
        {
          route_id: ids.bRoute!,
          ord: 2,
          place: 'Intruso',
          lat: 1,
          lng: 1,
          radius_m: 1,
          task: 't',
          check_type: 'text',
        },
      ])
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('not_found');
    expect(await rawDb(d.db).select().from(steps)).toEqual(before);
  });

  it("upserts child rows of its own parent only: another tenant's row id writes nothing", async () => {
    const before = await rawDb(d.db).select().from(steps);
    const row = (over: { id?: string; place: string }) => ({
      route_id: ids.aRoute!,
      ord: 1,
      lat: 1,
      lng: 1,
      radius_m: 1,
      task: 't',
      check_type: 'text' as const,
      ...over,
    });
    // B's step id under A's own route: the update is refused, the new row is not kept either.
    const error = await d.db
      .transaction((tx) =>
        tx
          .scoped(a)
          .upsertChildren(
            steps,
            [row({ place: 'Nuova' }), row({ id: ids.bStep!, place: 'Intruso' })],
            ['place'],
          ),
      )
      .catch((err: unknown) => err);
    expect((error as AppError).code).toBe('not_found');
    expect(await rawDb(d.db).select().from(steps)).toEqual(before);

    const [updated] = await d.db
      .scoped(a)
      .upsertChildren(steps, [row({ id: ids.aStep!, place: 'Piazza a, nuova' })], ['place']);
    expect(updated).toEqual({ id: ids.aStep });
    const [stored] = await rawDb(d.db).select().from(steps).where(eq(steps.id, ids.aStep!));
    expect(stored).toMatchObject({ place: 'Piazza a, nuova', task: 'Quanti leoni?' });
  });

  it('joins a tenant table only on rows of the same tenant', async () => {
    // A game of A that (by a corrupt reference) names B's route: the scoped join drops it.
    const [game] = await d.db
      .scoped(a)
      .insert(games, { route_id: ids.aRoute!, team_name: 'Civette', owner_email: 'c@x.it' })
      .returning();
    await rawDb(d.db).update(games).set({ route_id: ids.bRoute! }).where(eq(games.id, game!.id));
    const scoped = d.db.scoped(a);
    const joined = await scoped
      .select({ id: games.id, route: routes.title })
      .from(games)
      .innerJoin(routes, scoped.on(routes, eq(routes.id, games.route_id)));
    expect(joined).toEqual([]);
    expect(await d.db.scoped(a).selectFrom(gameSteps)).toEqual([]);
  });

  it("reads the tenant's and the global media library, and writes only the tenant's", async () => {
    const file = (code: string, tenantId: string | null) => ({
      tenant_id: tenantId,
      filename: `${code}.jpg`,
      storage_path: `${code}.jpg`,
      mime_type: 'image/jpeg',
      size_bytes: 1,
      unique_code: code,
    });
    await rawDb(d.db)
      .insert(mediaFiles)
      .values([file('GLOBAL01', null), file('OWN00001', a.tenantId), file('OTHER001', b.tenantId)]);
    const seen = await d.db.scoped(a).select({ code: mediaFiles.unique_code }).from(mediaFiles);
    expect(seen.map((f) => f.code).sort()).toEqual(['GLOBAL01', 'OWN00001']);
    const renamed = await d.db
      .scoped(a)
      .update(mediaFiles, { description: 'mine' }, eq(mediaFiles.unique_code, 'GLOBAL01'))
      .returning();
    expect(renamed).toEqual([]);
  });
});
