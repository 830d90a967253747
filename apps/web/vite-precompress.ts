import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed formats already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than its headers cost (index.html is always done). */
const MIN_BYTES = 512;

/** Every file under `dir`, recursively. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** Writes `file.br` and `file.gz` (best levels: this runs once per build) when they are smaller. */
async function compressFile(file: string): Promise<void> {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < source.length) await writeFile(`${file}.br`, br);
  if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
}

/**
 * Precompresses the build (brotli and gzip next to each text file) after every other plugin has
 * written its files, so the server sends them as they are (`@fastify/static` `preCompressed`).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tappa:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = await listFiles(outDir);
        const wanted: string[] = [];
        for (const file of files) {
          if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
          const isPage = file.endsWith('.html');
          if (isPage || (await stat(file)).size >= MIN_BYTES) wanted.push(file);
        }
        await Promise.all(wanted.map(compressFile));
      },
    },
  };
}
