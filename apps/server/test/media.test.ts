import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { ErrorBody, MediaFile, MediaFolder, MediaListing } from '@tappa/contracts';
import { REFUSED_FOLDER_NAMES, TAKEN_FOLDER_NAMES } from '@tappa/domain/fixtures/folder-names';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFolders, steps } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers/app';
import { rawDb, TEST_DB } from './helpers/database';
import { call, makeTenant, makeUser, signIn } from './helpers/factories';
import { fingerprint } from './helpers/fingerprint';
import { type FormPart, multipart } from './helpers/multipart';
import { createStorage } from '../src/infra/storage';
import { makeWorld } from './helpers/sweep-world';
import { type S3Stub, startS3Stub } from './helpers/s3rver';

const MB = 1024 * 1024;
const S3_BUCKET = 'tappa-media';

/** A photo larger than a phone needs, with detail, so that its variant has work to do. */
const photo = () =>
  sharp({
    create: {
      width: 1200,
      height: 900,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 20 },
    },
  })
    .jpeg({ quality: 60 })
    .toBuffer();
/** An MP3 by its ID3 header, then bytes 0…255 over and over. */
const mp3 = Buffer.concat([
  Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000', 'latin1'),
  Buffer.from(Array.from({ length: 4086 }, (_, i) => i % 256)),
]);
const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');

/** The media library's behaviour on one storage driver. */
function describeMedia(driver: 'local' | 's3') {
  describe(`media libraries on ${driver} storage and ${TEST_DB}`, () => {
    let t: TestApp;
    let stub: S3Stub | null = null;
    let superadmin: string;
    const admins = new Map<string, string>();

    beforeAll(async () => {
      stub = driver === 's3' ? await startS3Stub(S3_BUCKET) : null;
      t = await createTestApp({
        env: { MEDIA_MAX_FILE_MB: '1', MEDIA_QUOTA_MB: '2', ...stub?.env },
      });
      const admin = await makeUser(t.database.db, { role: 'superadmin' });
      superadmin = await signIn(t.app, admin.email, admin.password);
    });
    afterAll(async () => {
      await t.close();
      await stub?.close();
    });

    /** Every object of the media-library bucket under `owner/`, as the driver holds it. */
    async function objects(owner: string): Promise<string[]> {
      if (stub) {
        const listed = await stub.client.send(
          new ListObjectsV2Command({ Bucket: S3_BUCKET, Prefix: `media-library/${owner}/` }),
        );
        return (listed.Contents ?? []).map((o) => o.Key!).sort();
      }
      const dir = path.join(t.dataDir, 'files', 'media-library', owner);
      const names = await readdir(dir).catch(() => [] as string[]);
      return names.filter((name) => !name.endsWith('.meta.json')).sort();
    }

    /** A tenant with its admin signed in. */
    async function tenant() {
      const row = await makeTenant(t.database.db);
      const admin = await makeUser(t.database.db, { role: 'tenant_admin', tenantId: row.id });
      admins.set(row.slug, await signIn(t.app, admin.email, admin.password));
      return row;
    }
    const base = (slug: string | null) =>
      slug ? `/api/tenants/${slug}/media` : '/api/platform/media';
    const cookieOf = (slug: string | null) => (slug ? admins.get(slug)! : superadmin);

    const list = async (slug: string | null, query = '') => {
      const res = await call(t.app, cookieOf(slug), {
        method: 'GET',
        url: `${base(slug)}${query}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<MediaListing>();
    };
    const newFolder = async (slug: string | null, name: string, parent: string | null = null) => {
      const res = await call(t.app, cookieOf(slug), {
        method: 'POST',
        url: `${base(slug)}/folders`,
        payload: { name, parent_folder_id: parent },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<MediaFolder>();
    };
    const send = (
      slug: string | null,
      file: Buffer,
      opts: { name?: string; type?: string; folder?: string | null } = {},
    ) => {
      const parts: FormPart[] = [
        {
          name: 'file',
          file,
          filename: opts.name ?? 'file.bin',
          contentType: opts.type ?? 'application/octet-stream',
        },
      ];
      if (opts.folder !== undefined) parts.push({ name: 'data', json: { folder_id: opts.folder } });
      return call(t.app, cookieOf(slug), {
        method: 'POST',
        url: `${base(slug)}/files`,
        ...multipart(parts),
      });
    };
    const upload = async (...args: Parameters<typeof send>) => {
      const res = await send(...args);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<MediaFile>();
    };
    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers });

    it('lists folders with their path and crumbs, and files with their folder', async () => {
      const { slug } = await tenant();
      const roma = await newFolder(slug, '  Roma  ');
      const audio = await newFolder(slug, 'Audio', roma.id);
      expect(roma).toMatchObject({ name: 'Roma', path: '/Roma', parent_folder_id: null });
      expect(audio).toMatchObject({
        name: 'Audio',
        path: '/Roma/Audio',
        parent_folder_id: roma.id,
      });
      const file = await upload(slug, mp3, { name: 'guida.mp3', folder: audio.id });
      const root = await list(slug);
      expect(root.folder).toBeNull();
      expect(root.breadcrumbs).toEqual([]);
      expect(root.folders.map((f) => f.name)).toEqual(['Roma']);
      expect(root.files).toEqual([]);
      const inner = await list(slug, `?folder=${audio.id}`);
      expect(inner.folder?.path).toBe('/Roma/Audio');
      expect(inner.breadcrumbs).toEqual([
        { id: roma.id, name: 'Roma' },
        { id: audio.id, name: 'Audio' },
      ]);
      expect(inner.files).toEqual([file]);
      expect(inner.usage).toEqual({
        used_bytes: mp3.length,
        quota_bytes: 2 * MB,
        max_file_bytes: MB,
      });
      const blank = await call(t.app, cookieOf(slug), {
        method: 'POST',
        url: `${base(slug)}/folders`,
        payload: { name: '   ', parent_folder_id: null },
      });
      expect(blank.statusCode).toBe(400);
    });

    it('refuses a folder name with path characters and changes nothing; others stay as they were', async () => {
      const { id, slug } = await tenant();
      const roma = await newFolder(slug, 'Roma');
      // Spaces at either end are trimmed first: ' .. ' is '..'.
      for (const name of [...REFUSED_FOLDER_NAMES, ' .. ']) {
        const before = await fingerprint(t.database.db);
        const res = await call(t.app, cookieOf(slug), {
          method: 'POST',
          url: `${base(slug)}/folders`,
          payload: { name, parent_folder_id: roma.id },
        });
        expect(res.statusCode, JSON.stringify(name)).toBe(400);
        expect(res.json<ErrorBody>().error.code, JSON.stringify(name)).toBe(
          'media_folder_name_invalid',
        );
        expect(await fingerprint(t.database.db), JSON.stringify(name)).toBe(before);
      }
      // A NUL is refused before, as in every text of every request (decision 0023).
      const nul = await call(t.app, cookieOf(slug), {
        method: 'POST',
        url: `${base(slug)}/folders`,
        payload: { name: 'a\u0000b', parent_folder_id: null },
      });
      expect(nul.json<ErrorBody>().error.code).toBe('validation_failed');
      // Dots, spaces and any letter inside a name are fine.
      for (const name of TAKEN_FOLDER_NAMES) {
        expect((await newFolder(slug, name, roma.id)).path).toBe(`/Roma/${name}`);
      }
      // A folder named so before the rule stays, listed as it is.
      await rawDb(t.database.db)
        .insert(mediaFolders)
        .values({ tenant_id: id, name: '../..', path: '/../..', parent_folder_id: null });
      expect((await list(slug)).folders.map((f) => f.name).sort()).toEqual(['../..', 'Roma']);
    });

    it('finds the type by content, names the object itself and serves it with that type', async () => {
      const { id, slug } = await tenant();
      const image = await upload(slug, await photo(), {
        name: 'Foto del Colosseo.png',
        type: 'application/pdf',
      });
      expect(image).toMatchObject({
        filename: 'Foto del Colosseo.png',
        mime_type: 'image/jpeg',
        description: null,
      });
      expect(image.unique_code).toMatch(/^[a-z0-9]{10}$/);
      expect(image.url).toMatch(new RegExp(`/media-library/${id}/\\d+-[0-9a-f]{12}\\.jpg$`));
      expect(image.thumb_url).toMatch(
        new RegExp(`/media-library/${id}/\\d+-[0-9a-f]{12}\\.phone\\.webp$`),
      );
      const original = await get(image.url);
      expect(original.statusCode).toBe(200);
      expect(original.headers['content-type']).toBe('image/jpeg');
      expect(original.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const thumb = await get(image.thumb_url!);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect(thumb.rawPayload.length).toBeLessThan(200 * 1024);
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(800);

      const sound = await upload(slug, mp3, { name: 'guida.png', type: 'image/png' });
      expect(sound).toMatchObject({ mime_type: 'audio/mpeg', thumb_url: null });
      expect(sound.url).toMatch(/\.mp3$/);
      expect((await get(sound.url)).headers['content-type']).toBe('audio/mpeg');

      const unknown = await upload(slug, Buffer.from('%PDF-1.4 qualcosa'), {
        name: 'mappa.pdf',
        type: 'image/jpeg',
      });
      expect(unknown).toMatchObject({ mime_type: 'application/octet-stream', thumb_url: null });
      expect(unknown.url).toMatch(/\.pdf$/);
      expect(await objects(id)).toHaveLength(4);
    });

    it('never shows uploaded HTML or SVG inline from the app', async () => {
      const { slug } = await tenant();
      const page = await upload(slug, html, { name: 'pagina.html', type: 'text/html' });
      const svg = await upload(
        slug,
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        {
          name: 'logo.svg',
          type: 'image/svg+xml',
        },
      );
      for (const file of [page, svg]) {
        expect(file.mime_type).toBe('application/octet-stream');
        const res = await get(file.url);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/octet-stream');
        expect(res.headers['content-disposition']).toBe('attachment');
        expect(res.headers['content-security-policy']).toBe('sandbox');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
      }
    });

    it('answers byte ranges of a sound file, and 416 past its end', async () => {
      const { slug } = await tenant();
      const { url } = await upload(slug, mp3, { name: 'guida.mp3' });
      const whole = await get(url);
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.rawPayload.equals(mp3)).toBe(true);
      const first = await get(url, { range: 'bytes=0-1' });
      expect(first.statusCode).toBe(206);
      expect(first.headers['content-range']).toBe(`bytes 0-1/${mp3.length}`);
      expect(first.headers['content-length']).toBe('2');
      expect(first.rawPayload.equals(mp3.subarray(0, 2))).toBe(true);
      const middle = await get(url, { range: 'bytes=1000-1999' });
      expect(middle.statusCode).toBe(206);
      expect(middle.headers['content-range']).toBe(`bytes 1000-1999/${mp3.length}`);
      expect(middle.rawPayload.equals(mp3.subarray(1000, 2000))).toBe(true);
      const tail = await get(url, { range: 'bytes=-10' });
      expect(tail.rawPayload.equals(mp3.subarray(mp3.length - 10))).toBe(true);
      const open = await get(url, { range: `bytes=${mp3.length - 3}-` });
      expect(open.headers['content-range']).toBe(
        `bytes ${mp3.length - 3}-${mp3.length - 1}/${mp3.length}`,
      );
      const past = await get(url, { range: `bytes=${mp3.length}-` });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${mp3.length}`);
    });

    it('refuses a file over the size limit or the quota and changes nothing', async () => {
      const { id, slug } = await tenant();
      const db = t.database.db;
      const before = [await fingerprint(db), await objects(id)];
      const big = await send(slug, Buffer.alloc(MB + 1, 7), { name: 'grande.bin' });
      expect(big.statusCode).toBe(413);
      expect(big.json<{ error: unknown }>().error).toMatchObject({
        code: 'media_file_too_large',
        params: { max_mb: 1 },
      });
      expect([await fingerprint(db), await objects(id)]).toEqual(before);

      await upload(slug, Buffer.alloc(MB - 100, 1), { name: 'a.bin' });
      await upload(slug, Buffer.alloc(MB - 100, 2), { name: 'b.bin' });
      const full = [await fingerprint(db), await objects(id)];
      const over = await send(slug, Buffer.alloc(1000, 3), { name: 'c.bin' });
      expect(over.statusCode).toBe(413);
      expect(over.json<{ error: unknown }>().error).toMatchObject({
        code: 'media_quota_exceeded',
        params: { quota_mb: 2 },
      });
      expect([await fingerprint(db), await objects(id)]).toEqual(full);
      const none = await call(t.app, cookieOf(slug), {
        method: 'POST',
        url: `${base(slug)}/files`,
        ...multipart([{ name: 'data', json: { folder_id: null } }]),
      });
      expect(none.json<{ error: unknown }>().error).toMatchObject({ code: 'media_file_missing' });
      expect([await fingerprint(db), await objects(id)]).toEqual(full);
      const two = await call(t.app, cookieOf(slug), {
        method: 'POST',
        url: `${base(slug)}/files`,
        ...multipart([
          { name: 'file', file: mp3, filename: 'a.mp3', contentType: 'audio/mpeg' },
          { name: 'file', file: mp3, filename: 'b.mp3', contentType: 'audio/mpeg' },
        ]),
      });
      expect(two.statusCode).toBe(413);
      expect([await fingerprint(db), await objects(id)]).toEqual(full);
      // Uploads wait in DATA_DIR/uploads while they are checked; none is left there.
      expect(await readdir(path.join(t.dataDir, 'uploads'))).toEqual([]);
    });

    it('keeps the original name as metadata only, without control characters', async () => {
      const { slug } = await tenant();
      const file = await upload(slug, mp3, { name: 'guida\u0000 audio\u0007.mp3' });
      expect(file.filename).toBe('guida audio.mp3');
      expect(file.url).not.toContain('guida');
    });

    it('lets uploads made at once share the last room, not both take it', async () => {
      const { id, slug } = await tenant();
      const answers = await Promise.all(
        [1, 2, 3].map((n) =>
          send(slug, Buffer.alloc(Math.floor(0.8 * MB), n), { name: `${n}.bin` }),
        ),
      );
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 201, 413]);
      expect(await objects(id)).toHaveLength(2);
      expect((await list(slug)).files).toHaveLength(2);
    });

    it('lets a game manager manage the library too', async () => {
      const row = await tenant();
      const manager = await makeUser(t.database.db, { role: 'game_manager', tenantId: row.id });
      admins.set(row.slug, await signIn(t.app, manager.email, manager.password));
      const folder = await newFolder(row.slug, 'Tappe');
      const file = await upload(row.slug, mp3, { folder: folder.id });
      expect((await list(row.slug, `?folder=${folder.id}`)).files).toEqual([file]);
      const gone = await call(t.app, cookieOf(row.slug), {
        method: 'DELETE',
        url: `${base(row.slug)}/folders/${folder.id}`,
      });
      expect(gone.statusCode).toBe(204);
      expect(await objects(row.id)).toEqual([]);
    });

    it('edits a description, blank clearing it', async () => {
      const { slug } = await tenant();
      const file = await upload(slug, mp3);
      const edit = (description: string | null) =>
        call(t.app, cookieOf(slug), {
          method: 'PATCH',
          url: `${base(slug)}/files/${file.id}`,
          payload: { description },
        });
      expect((await edit('  Audioguida  ')).json()).toMatchObject({ description: 'Audioguida' });
      expect((await edit('   ')).json()).toMatchObject({ description: null });
      expect((await list(slug)).files[0]?.description).toBeNull();
    });

    it('keeps libraries apart: another tenant’s folder or file is a 404, the global one is read only', async () => {
      const a = await tenant();
      const b = await tenant();
      const folderB = await newFolder(b.slug, 'Privata');
      const fileB = await upload(b.slug, mp3, { folder: folderB.id });
      const globalFolder = await newFolder(null, 'Comune');
      const globalFile = await upload(null, await photo(), {
        folder: globalFolder.id,
        name: 'g.jpg',
      });
      const before = await fingerprint(t.database.db);
      const cookie = cookieOf(a.slug);
      const refusals = [
        { method: 'GET', url: `${base(a.slug)}?folder=${folderB.id}` },
        {
          method: 'POST',
          url: `${base(a.slug)}/folders`,
          payload: { name: 'X', parent_folder_id: folderB.id },
        },
        {
          method: 'POST',
          url: `${base(a.slug)}/folders`,
          payload: { name: 'X', parent_folder_id: globalFolder.id },
        },
        { method: 'DELETE', url: `${base(a.slug)}/folders/${folderB.id}` },
        { method: 'DELETE', url: `${base(a.slug)}/folders/${globalFolder.id}` },
        {
          method: 'PATCH',
          url: `${base(a.slug)}/files/${fileB.id}`,
          payload: { description: 'x' },
        },
        {
          method: 'PATCH',
          url: `${base(a.slug)}/files/${globalFile.id}`,
          payload: { description: 'x' },
        },
        { method: 'DELETE', url: `${base(a.slug)}/files/${fileB.id}?force=true` },
        { method: 'DELETE', url: `${base(a.slug)}/files/${globalFile.id}?force=true` },
      ] as const;
      for (const request of refusals) {
        const res = await call(t.app, cookie, request);
        expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
      }
      const upload404 = await send(a.slug, mp3, { folder: folderB.id });
      expect(upload404.json<{ error: unknown }>().error).toMatchObject({
        code: 'media_folder_not_found',
      });
      expect(await fingerprint(t.database.db)).toBe(before);
      expect(await objects(a.id)).toEqual([]);
      // The global library, read by a tenant's staff to pick step media.
      const shared = await list(a.slug, `?library=global&folder=${globalFolder.id}`);
      expect(shared.files.map((f) => f.id)).toEqual([globalFile.id]);
      expect(shared.breadcrumbs).toEqual([{ id: globalFolder.id, name: 'Comune' }]);
      expect((await list(a.slug, '?library=global')).folders.map((f) => f.id)).toContain(
        globalFolder.id,
      );
      expect((await list(a.slug)).folders).toEqual([]);
      const foreignGlobal = await call(t.app, cookie, {
        method: 'GET',
        url: `${base(a.slug)}?library=global&folder=${folderB.id}`,
      });
      expect(foreignGlobal.statusCode).toBe(404);
      await call(t.app, superadmin, {
        method: 'DELETE',
        url: `${base(null)}/folders/${globalFolder.id}`,
      });
    });

    it('deletes a file, a folder with all it holds, and a tenant, leaving no object behind', async () => {
      const { id, slug } = await tenant();
      const loose = await upload(slug, await photo(), { name: 'sciolta.jpg' });
      const top = await newFolder(slug, 'Cima');
      const inner = await newFolder(slug, 'Dentro', top.id);
      await upload(slug, await photo(), { folder: top.id });
      await upload(slug, mp3, { folder: inner.id });
      expect(await objects(id)).toHaveLength(5);
      const removed = await call(t.app, cookieOf(slug), {
        method: 'DELETE',
        url: `${base(slug)}/files/${loose.id}`,
      });
      expect(removed.statusCode).toBe(204);
      expect(await objects(id)).toHaveLength(3);
      expect((await get(loose.url)).statusCode).toBe(404);
      const folder = await call(t.app, cookieOf(slug), {
        method: 'DELETE',
        url: `${base(slug)}/folders/${top.id}`,
      });
      expect(folder.statusCode).toBe(204);
      expect(await objects(id)).toEqual([]);
      expect(await list(slug)).toMatchObject({ folders: [], files: [], usage: { used_bytes: 0 } });

      await upload(slug, await photo());
      await newFolder(slug, 'Resta');
      expect(await objects(id)).toHaveLength(2);
      const gone = await call(t.app, superadmin, {
        method: 'DELETE',
        url: `/api/platform/tenants/${id}`,
      });
      expect(gone.statusCode, gone.body).toBeLessThan(300);
      expect(await objects(id)).toEqual([]);
    });

    it('refuses to delete a file steps use, naming them, unless forced; players get the variant', async () => {
      const row = await tenant();
      const storage = createStorage(t.config, {
        info: () => null,
        warn: () => null,
        error: () => null,
      });
      const world = await makeWorld({ app: t.app, db: t.database.db, storage }, row);
      const image = await upload(row.slug, await photo(), { name: 'fontana.jpg' });
      const sound = await upload(row.slug, mp3, { name: 'fontana.mp3' });
      const globalImage = await upload(null, await photo(), { name: 'comune.jpg' });
      await rawDb(t.database.db)
        .update(steps)
        .set({
          media: [
            { type: 'image', url: '', code: image.unique_code, caption: 'La fontana' },
            { type: 'audio', url: '', code: sound.unique_code },
            { type: 'image', url: '', code: globalImage.unique_code },
          ],
        })
        .where(eq(steps.id, world.stepId));
      const game = await call(t.app, null, {
        method: 'GET',
        url: `/api/play/${row.slug}/games/${world.gameId}`,
        headers: { cookie: world.teamCookie },
      });
      expect(game.statusCode, game.body).toBe(200);
      const media = game
        .json<{ steps: { id: string; media: { url: string }[] }[] }>()
        .steps.find((s) => s.id === world.stepId)!.media;
      expect(media.map((m) => m.url)).toEqual([image.thumb_url, sound.url, globalImage.thumb_url]);

      const before = [await fingerprint(t.database.db), await objects(row.id)];
      const refused = await call(t.app, cookieOf(row.slug), {
        method: 'DELETE',
        url: `${base(row.slug)}/files/${image.id}`,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ error: unknown }>().error).toMatchObject({
        code: 'media_file_in_use',
        params: { steps: 'Giro: 1. Fontana' },
      });
      const globalRefused = await call(t.app, superadmin, {
        method: 'DELETE',
        url: `${base(null)}/files/${globalImage.id}`,
      });
      expect(globalRefused.json<{ error: unknown }>().error).toMatchObject({
        code: 'media_file_in_use',
        params: { steps: 'Giro: 1. Fontana' },
      });
      expect([await fingerprint(t.database.db), await objects(row.id)]).toEqual(before);

      const forced = await call(t.app, cookieOf(row.slug), {
        method: 'DELETE',
        url: `${base(row.slug)}/files/${image.id}?force=true`,
      });
      expect(forced.statusCode).toBe(204);
      // The image and its variant are gone; the sound and the world's own file stay.
      expect(await objects(row.id)).toHaveLength(before[1]!.length - 2);
      expect((await get(image.url)).statusCode).toBe(404);
      expect((await get(image.thumb_url!)).statusCode).toBe(404);
      const forcedGlobal = await call(t.app, superadmin, {
        method: 'DELETE',
        url: `${base(null)}/files/${globalImage.id}?force=true`,
      });
      expect(forcedGlobal.statusCode).toBe(204);
      expect((await get(globalImage.url)).statusCode).toBe(404);
    });
  });
}

describeMedia('local');
describeMedia('s3');
