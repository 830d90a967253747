import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { type AlbumSummary, gameAlbum, games, routeAlbum, urlOf } from '@tappa/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../src/infra/storage';
import { planRouteAlbum } from '../src/modules/games/album/album.service';
import { importRoute } from '../src/modules/routes/routes.service';
import { createTestApp, type TestApp } from './helpers/app';
import { TEST_DB } from './helpers/database';
import { call, makeTenant, makeUser, signIn, superadminScope } from './helpers/factories';
import { ManualClock } from './helpers/manual-clock';
import { multipart } from './helpers/multipart';
import { createRecordingLogger } from './helpers/recording-logger';
import { type S3Stub, startS3Stub } from './helpers/s3rver';
import { startTeam } from './helpers/team';
import { readZip } from './helpers/unzip';

const T0 = Date.parse('2026-11-22T10:00:00Z');
const ALBUM_ROUTE = 'roma-album';

/** The Rome route, with photos asked at its steps 1, 4 and 5 (the last at 'Caffè/Bar ☕'). */
async function albumRouteJson(): Promise<string> {
  const fixture = JSON.parse(
    await readFile(
      new URL('../../../packages/domain/src/fixtures/route-roma-centro.json', import.meta.url),
      'utf8',
    ),
  ) as { id: string; title: string; steps: Record<string, unknown>[] };
  const photo = { check_type: 'photo', check_answer: null, orientation: null };
  const steps = fixture.steps.map((step, i) => {
    if (i === 0) return { ...step, ...photo };
    if (i === 4) return { ...step, ...photo, place: 'Caffè/Bar ☕' };
    return step;
  });
  return JSON.stringify({ ...fixture, id: ALBUM_ROUTE, title: 'Roma in foto', steps });
}

/** A photo of one colour (the server re-encodes what it is sent). */
const photoOf = (background: string) =>
  sharp({ create: { width: 24, height: 16, channels: 3, background } })
    .jpeg()
    .toBuffer();

type Team = Awaited<ReturnType<typeof startTeam>>;

/** A GET of a player endpoint's URL with the team's cookie. */
const teamGet = (team: Team, slug: string, url: string) =>
  team.req('GET', url.slice(`/api/play/${slug}`.length));

/** The team sends a photo for its step number `n` (from 1); answers the game step's id. */
async function sendPhoto(team: Team, n: number, background: string): Promise<string> {
  const steps = (await team.state()).steps;
  const form = multipart([
    {
      name: 'photo',
      file: await photoOf(background),
      filename: 'p.jpg',
      contentType: 'image/jpeg',
    },
  ]);
  const res = await team.req(
    'POST',
    `/games/${team.gameId}/steps/${steps[n - 1]!.id}/photo`,
    form.payload,
    form.headers,
  );
  expect(res.statusCode, res.body).toBe(200);
  const url = res.json<{ photo_url: string }>().photo_url;
  return /photos\/([0-9a-f-]{36})/.exec(url)![1]!;
}

describe(`the photo album on ${TEST_DB}`, () => {
  let t: TestApp;
  const clock = new ManualClock(T0);
  let slug: string;
  let tenantId: string;
  let routeId: string;
  let plainRouteId: string;
  let manager: string;
  let foreignAdmin: string;
  let leoni: Team;
  let volpi: Team;
  /** The game step of each photo, by its name in the staff's album. */
  const sent = new Map<string, string>();

  const storedPhoto = (gameStepId: string) =>
    readFile(path.join(t.dataDir, 'files', 'game-photos', tenantId, `${gameStepId}.jpg`));
  const staffGet = (url: string, who: string | null = manager) =>
    call(t.app, who, { method: 'GET', url });
  const routeZip = (id = routeId) => urlOf(routeAlbum.zip, { slug, routeId: id });
  const routeSummary = (id = routeId) => urlOf(routeAlbum.summary, { slug, routeId: id });
  const gameZip = (gameId: string) => urlOf(gameAlbum.zip, { slug, gameId });
  const asTeam = (team: Team, url: string) => teamGet(team, slug, url);

  beforeAll(async () => {
    t = await createTestApp({ clock });
    const db = t.database.db;
    const tenant = await makeTenant(db);
    ({ slug, id: tenantId } = tenant);
    const scope = superadminScope(tenant);
    routeId = (await importRoute(db, scope, await albumRouteJson())).route.id;
    const plain = await readFile(
      new URL('../../../packages/domain/src/fixtures/route-roma-centro.json', import.meta.url),
      'utf8',
    );
    plainRouteId = (await importRoute(db, scope, plain)).route.id;
    const person = async (opts: Parameters<typeof makeUser>[1]) => {
      const user = await makeUser(db, opts);
      return signIn(t.app, user.email, user.password);
    };
    manager = await person({ role: 'game_manager', tenantId });
    const other = await makeTenant(db);
    foreignAdmin = await person({ role: 'tenant_admin', tenantId: other.id });

    // Four games in this order of start: two teams named alike, one without photos.
    const start = async (email: string, teamName: string) => {
      clock.advance(60_000);
      return startTeam(t.app, { slug, email, teamName, routeSlug: ALBUM_ROUTE });
    };
    leoni = await start('leoni@example.org', 'I Leoni');
    const squadra = await start('squadra@example.org', 'Squadra');
    const squadra2 = await start('squadra2@example.org', 'Squadra');
    volpi = await start('volpi@example.org', 'Le Volpi');
    sent.set('I Leoni/01 - Fontana di Trevi.jpg', await sendPhoto(leoni, 1, '#C2410C'));
    sent.set('I Leoni/05 - Caffè_Bar ☕.jpg', await sendPhoto(leoni, 5, '#15803D'));
    sent.set("Squadra/04 - Campo de' Fiori.jpg", await sendPhoto(squadra, 4, '#1D4ED8'));
    sent.set('Squadra (2)/01 - Fontana di Trevi.jpg', await sendPhoto(squadra2, 1, '#7E22CE'));
    // Sent again: the album holds the last one.
    sent.set('Squadra (2)/01 - Fontana di Trevi.jpg', await sendPhoto(squadra2, 1, '#BE185D'));
  });
  afterAll(() => t.close());

  it("gives the staff a route's photos, a folder per team, named by step and place", async () => {
    const res = await staffGet(routeZip());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${ALBUM_ROUTE}-foto.zip"; filename*=UTF-8''${ALBUM_ROUTE}-foto.zip`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const files = await readZip(res.rawPayload);
    // Folders in the order the games started; same-named teams apart.
    expect(files.map((f) => f.name)).toEqual([...sent.keys()]);
    for (const file of files) {
      const stored = await storedPhoto(sent.get(file.name)!);
      expect(file.bytes.equals(stored), file.name).toBe(true);
      expect(file.bytes.subarray(0, 2).toString('hex'), 'a JPEG').toBe('ffd8');
    }

    const summary = await staffGet(routeSummary());
    expect(summary.json<AlbumSummary>()).toEqual({ photos: 4, bytes: res.rawPayload.length });
  });

  it("gives a team its own photos, and another team's game as a missing one", async () => {
    const own = await asTeam(leoni, gameZip(leoni.gameId));
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['content-disposition']).toBe(
      `attachment; filename="${ALBUM_ROUTE}-I Leoni.zip"; ` +
        `filename*=UTF-8''${ALBUM_ROUTE}-I%20Leoni.zip`,
    );
    const files = await readZip(own.rawPayload);
    expect(files.map((f) => f.name)).toEqual([
      '01 - Fontana di Trevi.jpg',
      '05 - Caffè_Bar ☕.jpg',
    ]);
    expect(
      files[1]!.bytes.equals(await storedPhoto(sent.get('I Leoni/05 - Caffè_Bar ☕.jpg')!)),
    ).toBe(true);
    const summary = await asTeam(leoni, urlOf(gameAlbum.summary, { slug, gameId: leoni.gameId }));
    expect(summary.json<AlbumSummary>()).toEqual({ photos: 2, bytes: own.rawPayload.length });

    for (const url of [
      gameZip(leoni.gameId),
      urlOf(gameAlbum.summary, { slug, gameId: leoni.gameId }),
      gameZip('00000000-0000-4000-8000-000000000000'),
    ]) {
      const res = await asTeam(volpi, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'game_not_found' } });
    }
  });

  it('answers album_empty for a game or a route without photos', async () => {
    for (const res of [
      await asTeam(volpi, gameZip(volpi.gameId)),
      await asTeam(volpi, urlOf(gameAlbum.summary, { slug, gameId: volpi.gameId })),
      await staffGet(routeZip(plainRouteId)),
      await staffGet(routeSummary(plainRouteId)),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: { code: 'album_empty' } });
    }
  });

  it("keeps the staff's album from teams, strangers and other tenants' staff", async () => {
    const cases: [string, () => Promise<{ statusCode: number }>, number][] = [
      ['nobody', () => staffGet(routeZip(), null), 401],
      ['a team', () => staffGet(routeZip(), leoni.cookie()), 401],
      ["another tenant's admin", () => staffGet(routeZip(), foreignAdmin), 404],
      [
        "another tenant's admin, for the summary",
        () => staffGet(routeSummary(), foreignAdmin),
        404,
      ],
      ['a staff account, for a team album', () => staffGet(gameZip(leoni.gameId)), 401],
    ];
    for (const [who, get, status] of cases) {
      expect((await get()).statusCode, who).toBe(status);
    }
  });

  it('leaves out, and logs, a photo whose file is missing in storage', async () => {
    const gone = "Squadra/04 - Campo de' Fiori.jpg";
    await rm(path.join(t.dataDir, 'files', 'game-photos', tenantId, `${sent.get(gone)!}.jpg`));
    const res = await staffGet(routeZip());
    expect(res.statusCode).toBe(200);
    const names = (await readZip(res.rawPayload)).map((f) => f.name);
    expect(names).toEqual([...sent.keys()].filter((name) => name !== gone));

    const logger = createRecordingLogger();
    const storage = createStorage(t.config, logger);
    const album = await planRouteAlbum(
      { db: t.database.db, storage, logger, now: clock.now() },
      superadminScope({ id: tenantId, slug }),
      routeId,
    );
    expect(album.photos).toHaveLength(3);
    expect(logger.entries.filter((entry) => entry.level === 'warn')).toEqual([
      {
        level: 'warn',
        args: [{ gameStepId: sent.get(gone) }, 'album: a photo has no file in storage, left out'],
      },
    ]);
  });
});

describe(`a team's album on S3 storage and ${TEST_DB}`, () => {
  let stub: S3Stub;
  let t: TestApp;

  beforeAll(async () => {
    stub = await startS3Stub('tappa-album');
    t = await createTestApp({ env: stub.env });
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  it('streams the photo from the bucket', async () => {
    const tenant = await makeTenant(t.database.db);
    await importRoute(t.database.db, superadminScope(tenant), await albumRouteJson());
    const team = await startTeam(t.app, {
      slug: tenant.slug,
      email: 'gufi@example.org',
      teamName: 'I Gufi',
      routeSlug: ALBUM_ROUTE,
    });
    const gameStepId = await sendPhoto(team, 5, '#0F766E');
    const res = await teamGet(
      team,
      tenant.slug,
      urlOf(gameAlbum.zip, { slug: tenant.slug, gameId: team.gameId }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const files = await readZip(res.rawPayload);
    expect(files.map((f) => f.name)).toEqual(['05 - Caffè_Bar ☕.jpg']);
    const photo = await teamGet(
      team,
      tenant.slug,
      urlOf(games.readPhoto, { slug: tenant.slug, gameStepId }),
    );
    expect(files[0]!.bytes.equals(photo.rawPayload)).toBe(true);
  });
});
