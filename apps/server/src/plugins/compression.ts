import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers of compressible types (JSON, CSV) above `COMPRESSION_THRESHOLD_BYTES`
 * for clients that accept it: brotli when offered, gzip otherwise, both at cheap levels.
 * Registered before the routes, as the plugin configures each route as it is added. Only `/api/`
 * routes: the web app's files are compressed at build time (`web-app.ts` sends the `.br`/`.gz`
 * copies), stored files under `/files/` are images and media that are compressed already or
 * answer Range requests by byte offsets. Event streams are written on the raw socket and never
 * pass through. Request bodies are never inflated: a compressed upload would slip past the body
 * limit.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own onRoute hook, which reads `compress`.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) route.compress = false;
  });
  await app.register(compress, {
    globalCompression: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 5 },
  });
}
