import type { TenantPlayer, TenantPlayersPage } from '@tappa/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TenantScope } from '../src/db/scope';
import { games, routes, teamRegistrations } from '../src/db/schema';
import { playerPageQuery } from '../src/modules/players/players-list.repository';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb } from './helpers/database';
import { call, makeTenant, makeUser, signIn } from './helpers/factories';

const BOM = '\uFEFF';
const TEAMS = 120;

describe("the tenant's registered teams (Players tab)", () => {
  let t: TestApp;
  let slug: string;
  let tenantId: string;
  let cookie: string;
  let otherSlug: string;
  let otherCookie: string;

  const list = (query = '', who: string | null = cookie) =>
    call(t.app, who, { method: 'GET', url: `/api/tenants/${slug}/players${query}` });

  /** Every page of the list for `q`, following `next_cursor`. */
  async function allPages(q = ''): Promise<TenantPlayer[]> {
    const seen: TenantPlayer[] = [];
    let cursor: string | null = null;
    do {
      const params = new URLSearchParams({ q, ...(cursor ? { cursor } : {}) });
      const res = await list(`?${params.toString()}`);
      expect(res.statusCode).toBe(200);
      const page = res.json<TenantPlayersPage>();
      expect(page.players.length).toBeLessThanOrEqual(50);
      seen.push(...page.players);
      cursor = page.next_cursor;
    } while (cursor);
    return seen;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const db = rawDb(t.database.db);
    const tenant = await makeTenant(t.database.db);
    ({ slug, id: tenantId } = tenant);
    const [lake, centre] = await db
      .insert(routes)
      .values([
        { tenant_id: tenantId, slug: 'lago', title: 'Giro del Lago' },
        { tenant_id: tenantId, slug: 'centro', title: 'Centro Storico' },
      ])
      .returning();
    // Ten teams share each registration time, so the order needs its tie-break on id.
    const base = Date.UTC(2026, 0, 1);
    await db.insert(teamRegistrations).values(
      Array.from({ length: TEAMS }, (_, i) => ({
        tenant_id: tenantId,
        email: `team${i}@example.org`,
        team_name: `Squadra ${i}`,
        route_id: i % 2 === 0 ? lake!.id : centre!.id,
        registered_at: new Date(base + Math.floor(i / 10) * 60_000),
      })),
    );
    await db.insert(teamRegistrations).values([
      { tenant_id: tenantId, email: 'pct@example.org', team_name: '100% Lupi', route_id: null },
      { tenant_id: tenantId, email: 'under@example.org', team_name: 'Lupi_Neri' },
      { tenant_id: tenantId, email: 'formula@example.org', team_name: '=HYPERLINK("x")' },
    ]);
    // team0 started a game on its route; team1 only on another route; team2's never started.
    const game = { tenant_id: tenantId, team_name: 'g' };
    await db.insert(games).values([
      { ...game, route_id: lake!.id, owner_email: 'team0@example.org', started_at: new Date() },
      { ...game, route_id: lake!.id, owner_email: 'team1@example.org', started_at: new Date() },
      { ...game, route_id: lake!.id, owner_email: 'team2@example.org', started_at: null },
    ]);

    const manager = await makeUser(t.database.db, { role: 'game_manager', tenantId });
    cookie = await signIn(t.app, manager.email, manager.password);
    const other = await makeTenant(t.database.db);
    otherSlug = other.slug;
    await db
      .insert(teamRegistrations)
      .values({ tenant_id: other.id, email: 'team0@foreign.org', team_name: 'Squadra Estera' });
    const foreign = await makeUser(t.database.db, { role: 'tenant_admin', tenantId: other.id });
    otherCookie = await signIn(t.app, foreign.email, foreign.password);
  });

  afterAll(async () => {
    await t.close();
  });

  it('pages through every team once, newest first, for a game manager', async () => {
    const first = await list();
    expect(first.statusCode).toBe(200);
    expect(first.json<TenantPlayersPage>().players).toHaveLength(50);
    const all = await allPages();
    expect(all).toHaveLength(TEAMS + 3);
    expect(new Set(all.map((p) => p.id)).size).toBe(TEAMS + 3);
    const times = all.map((p) => Date.parse(p.registered_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.some((p) => p.email === 'team0@foreign.org')).toBe(false);
  });

  it('shows the route and whether the team started a game on it', async () => {
    const all = await allPages();
    const byEmail = new Map(all.map((p) => [p.email, p]));
    expect(byEmail.get('team0@example.org')).toMatchObject({
      team_name: 'Squadra 0',
      route_title: 'Giro del Lago',
      game_started: true,
    });
    expect(byEmail.get('team1@example.org')).toMatchObject({
      route_title: 'Centro Storico',
      game_started: false,
    });
    expect(byEmail.get('team2@example.org')?.game_started).toBe(false);
    expect(byEmail.get('pct@example.org')?.route_title).toBeNull();
  });

  it('searches team name, e-mail and route title, case-insensitively, on the server', async () => {
    expect((await allPages('squadra 11')).map((p) => p.team_name).sort()).toEqual([
      'Squadra 11',
      'Squadra 110',
      'Squadra 111',
      'Squadra 112',
      'Squadra 113',
      'Squadra 114',
      'Squadra 115',
      'Squadra 116',
      'Squadra 117',
      'Squadra 118',
      'Squadra 119',
    ]);
    expect((await allPages('TEAM7@EXAMPLE')).map((p) => p.email)).toEqual(['team7@example.org']);
    expect(await allPages('  centro storico ')).toHaveLength(TEAMS / 2);
    expect(await allPages('nobody-has-this')).toEqual([]);
  });

  it('takes % and _ in the search literally', async () => {
    expect((await allPages('100%')).map((p) => p.team_name)).toEqual(['100% Lupi']);
    expect((await allPages('%')).map((p) => p.team_name)).toEqual(['100% Lupi']);
    expect((await allPages('i_n')).map((p) => p.team_name)).toEqual(['Lupi_Neri']);
  });

  it("is a 404 for another tenant's staff and needs a sign-in", async () => {
    expect((await list('', otherCookie)).statusCode).toBe(404);
    expect((await list('', null)).statusCode).toBe(401);
    const csv = call(t.app, otherCookie, {
      method: 'GET',
      url: `/api/tenants/${slug}/players.csv`,
    });
    expect((await csv).statusCode).toBe(404);
    const own = await call(t.app, otherCookie, {
      method: 'GET',
      url: `/api/tenants/${otherSlug}/players`,
    });
    expect(own.json<TenantPlayersPage>().players.map((p) => p.email)).toEqual([
      'team0@foreign.org',
    ]);
  });

  it("ignores a cursor of another tenant's team", async () => {
    const foreign = await call(t.app, otherCookie, {
      method: 'GET',
      url: `/api/tenants/${otherSlug}/players`,
    });
    const foreignId = foreign.json<TenantPlayersPage>().players[0]!.id;
    const res = await list(`?cursor=${foreignId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<TenantPlayersPage>().players).toEqual([]);
  });

  it('refuses a malformed cursor or an overlong search with a 400', async () => {
    expect((await list('?cursor=nope')).statusCode).toBe(400);
    expect((await list(`?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
  });

  it('exports the teams as a UTF-8 CSV with a BOM, formulas neutralised, search applied', async () => {
    const res = await call(t.app, cookie, {
      method: 'GET',
      url: `/api/tenants/${slug}/players.csv`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${slug}-players.csv"`);
    expect(res.body.startsWith(BOM)).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\n');
    expect(lines[0]).toBe('Team Name,Email,Route,Registered At,Game Started,Time Zone');
    expect(lines).toHaveLength(TEAMS + 4);
    expect(lines.find((l) => l.includes('formula@'))).toMatch(/^"'=HYPERLINK\(""x""\)",/);
    const team0 = lines.find((l) => l.startsWith('Squadra 0,'));
    // Registered at 2026-01-01 00:00 UTC, written in the tenant's time zone (Europe/Rome).
    expect(team0).toBe(
      'Squadra 0,team0@example.org,Giro del Lago,"01/01/2026, 01:00",Yes,Europe/Rome',
    );
    expect(lines.find((l) => l.startsWith('Squadra 1,'))).toMatch(/,No,Europe\/Rome$/);

    const found = await call(t.app, cookie, {
      method: 'GET',
      url: `/api/tenants/${slug}/players.csv?q=lupi`,
    });
    expect(found.body.slice(1).trimEnd().split('\n')).toHaveLength(3);
  });

  it('pages along the index with 20,000 teams, at any depth', async () => {
    const db = rawDb(t.database.db);
    const big = await makeTenant(t.database.db);
    await db.execute(sql`insert into team_registrations (tenant_id, email, team_name, created_at)
      select ${big.id}, 'bulk' || n || '@example.org', 'Bulk ' || n,
        timestamptz '2026-01-01' + n * interval '1 second'
      from generate_series(1, 20000) n`);
    await db.execute(sql`analyze team_registrations`);
    const scope = {
      kind: 'tenant',
      tenantId: big.id,
      slug: big.slug,
      role: 'tenant_admin',
    } satisfies TenantScope;
    const deepest = await db.execute(sql`select id from team_registrations
      where tenant_id = ${big.id} and email = 'bulk50@example.org'`);
    const after = /[0-9a-f-]{36}/.exec(JSON.stringify(deepest))?.[0];
    expect(after).toBeDefined();
    for (const opts of [{ after: undefined }, { after }]) {
      const query = playerPageQuery(t.database.db, scope, {
        ...opts,
        search: undefined,
        limit: 51,
      });
      expect((await query).length).toBe(opts.after ? 49 : 51);
      const plan = JSON.stringify(await db.execute(sql`explain ${query}`));
      expect(plan).toContain('team_registrations_tenant_registered_idx');
      expect(plan).not.toMatch(/Sort|Seq Scan on team_registrations/);
    }
  });
});
