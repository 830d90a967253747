// Budget: the JavaScript a phone downloads (gzipped) to open each player page for the first time:
// the entry chunk, everything it imports statically, and the page's own lazy chunk with its static
// imports. Reads the Vite manifest of `apps/web/dist` (run `npm run build` first). Exits non-zero
// when a page is over the budget.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150 * 1024;
const dist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

async function gzippedSize(file: string): Promise<number> {
  return gzipSync(await readFile(path.join(dist, file)), { level: 9 }).length;
}

/** Files loaded with `key`: the chunk and its static imports, transitively. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

async function main(): Promise<void> {
  const manifest = JSON.parse(
    await readFile(path.join(dist, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error('No entry chunk in the Vite manifest');
  const entryFiles = staticClosure(manifest, entryKey);
  // Player pages, the public landing page at / and the public big-screen scoreboard.
  const publicPages = ['/pages/public/home-page.tsx', '/pages/public/big-screen-page.tsx'];
  const pages = Object.keys(manifest).filter(
    (k) => k.includes('/pages/player/') || publicPages.some((page) => k.endsWith(page)),
  );
  const rows: [string, number][] = [];
  for (const page of pages.sort()) {
    const files = staticClosure(manifest, page, new Set(entryFiles));
    let total = 0;
    for (const file of files) if (file.endsWith('.js')) total += await gzippedSize(file);
    rows.push([page.replace(/^.*\/pages\//, ''), total]);
  }
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(`first-load JavaScript per player page (gzip -9), budget ${BUDGET_BYTES / 1024} KB`);
  for (const [name, bytes] of rows) {
    const mark = bytes > BUDGET_BYTES ? 'OVER' : 'ok';
    console.log(`${name.padEnd(width)}  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${mark}`);
  }
  if (rows.some(([, bytes]) => bytes > BUDGET_BYTES)) process.exitCode = 1;
}

await main();
