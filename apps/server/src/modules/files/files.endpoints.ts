import { files } from '@tappa/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors';
import { BUCKETS, type ByteRange, StorageKeyError } from '../../infra/storage/storage';
import type { ModuleDeps } from '../../module-deps';
import { servesOn } from '../access/serve';

// Team photos are private (ARCHITECTURE §7): they are served by the gameplay module with checks.
const PUBLIC_BUCKETS = BUCKETS.filter((bucket) => bucket !== 'game-photos');

/**
 * The types a browser may show inline from the app's origin: images it cannot run, sound and
 * video. Anything else (HTML, SVG, XML, scripts, unknown bytes) is a download in a sandbox
 * (decision 0035), so an uploaded page never runs as the app.
 */
const INLINE_TYPE =
  /^(image\/(png|jpeg|webp|gif|avif|x-icon|vnd\.microsoft\.icon)|audio\/[\w.+-]+|video\/[\w.+-]+)$/;

/** Media-library names are never reused (decision 0035): browsers may keep them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The one range of a `Range: bytes=…` header within `size` bytes; null when the header asks for
 * none this server serves as a part (absent, not bytes, several ranges: the whole object is
 * sent), 'unsatisfiable' when it starts past the end.
 */
function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const length = Number(to);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}

/** The route of `files` (`@tappa/contracts`): public files of the storage driver, same origin. */
export const filesEndpoints: FastifyPluginAsync<Pick<ModuleDeps, 'access' | 'storage'>> = async (
  app,
  { access, storage },
) => {
  const serve = servesOn(app, access);

  serve(files.read, {}, { tags: [], hide: true }, async ({ params, request, reply }) => {
    const bucket = PUBLIC_BUCKETS.find((b) => b === params.bucket);
    if (!bucket) throw new AppError('file_not_found');
    // The path's trailing wildcard: the key, with its slashes.
    const key = params['*'];
    const guarded = async <T>(read: () => Promise<T | null>): Promise<T> => {
      let found;
      try {
        found = await read();
      } catch (err) {
        if (err instanceof StorageKeyError) throw new AppError('file_not_found');
        throw err;
      }
      if (!found) throw new AppError('file_not_found');
      return found;
    };
    let range: ByteRange | null = null;
    if (request.headers.range !== undefined) {
      const info = await guarded(() => storage.stat(bucket, key));
      const asked = parseRange(request.headers.range, info.sizeBytes);
      if (asked === 'unsatisfiable') {
        return reply
          .code(416)
          .header('content-range', `bytes */${info.sizeBytes}`)
          .header('accept-ranges', 'bytes')
          .send();
      }
      range = asked;
    }
    const file = await guarded(() => storage.get(bucket, key, range ?? undefined));
    reply
      .type(INLINE_TYPE.test(file.contentType) ? file.contentType : 'application/octet-stream')
      .header('accept-ranges', 'bytes')
      .header('cache-control', bucket === 'media-library' ? IMMUTABLE : 'public, max-age=300')
      .header('x-content-type-options', 'nosniff');
    if (!INLINE_TYPE.test(file.contentType)) {
      reply
        .header('content-disposition', 'attachment')
        .header('content-security-policy', 'sandbox');
    }
    if (range) {
      reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${file.sizeBytes}`)
        .header('content-length', range.end - range.start + 1);
    } else {
      reply.header('content-length', file.sizeBytes);
    }
    return reply.send(file.body);
  });
};
