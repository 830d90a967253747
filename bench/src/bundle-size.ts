// Budget: the JavaScript a phone downloads (gzipped) to open each player page for the first time:
// the entry chunk, everything it imports statically, and the page's own lazy chunk with its static
// imports. Also prints how many JavaScript files (requests) that is. Reads the Vite manifest of
// `apps/web/dist` (run `npm run build` first). Exits non-zero when a page is over the budget;
// `npm test` runs it after its build step.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// Issue 16: at most 100 KB on a player's phone (decision 0053). The landing page at `/` also loads
// the staff's data layer (React Query, the session), since the signed-in home is drawn there.
const BUDGET_BYTES = 100 * 1024;
const LANDING_BUDGET_BYTES = 110 * 1024;
const budgetOf = (page: string) =>
  page === 'public/home-page.tsx' ? LANDING_BUDGET_BYTES : BUDGET_BYTES;
const dist = fileURLToPath(new URL('../../apps/web/dist/', import.meta.url));
const pagesDir = fileURLToPath(new URL('../../apps/web/src/app/pages/', import.meta.url));

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
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
  // Player pages, the public landing page at / and the public big-screen scoreboard. A page may
  // be a lazy chunk of its own (keyed by its source) or, when another page imports it too, a
  // shared chunk (keyed by its file, named after the page): both are found by name.
  const pageNames = [
    ...(await readdir(path.join(pagesDir, 'player')))
      .filter((file) => file.endsWith('-page.tsx'))
      .map((file) => `player/${file}`),
    'public/home-page.tsx',
    'public/big-screen-page.tsx',
  ];
  const pages = pageNames.map((page) => {
    const name = path.basename(page, '.tsx');
    const key = Object.keys(manifest).find((k) =>
      manifest[k]?.src
        ? k.endsWith(`/pages/${page}`)
        : manifest[k]?.name === name && k.endsWith('.js'),
    );
    if (!key) throw new Error(`No chunk for ${page} in the Vite manifest`);
    return { page, key };
  });
  const rows: { name: string; bytes: number; requests: number; budget: number }[] = [];
  for (const { page, key } of pages) {
    const scripts = [...staticClosure(manifest, key, new Set(entryFiles))].filter((file) =>
      file.endsWith('.js'),
    );
    let bytes = 0;
    for (const file of scripts) bytes += await gzippedSize(file);
    rows.push({ name: page, bytes, requests: scripts.length, budget: budgetOf(page) });
  }
  const width = Math.max(...rows.map(({ name }) => name.length));
  console.log(
    `first-load JavaScript per player page (gzip -9), budget ${BUDGET_BYTES / 1024} KB ` +
      `(the landing page ${LANDING_BUDGET_BYTES / 1024} KB)`,
  );
  for (const { name, bytes, requests, budget } of rows) {
    // The bytes to spare (or over) beside the mark: a page near its budget says how near.
    const mark =
      bytes > budget ? `OVER by ${bytes - budget} B` : `ok, ${budget - bytes} B to spare`;
    const size = `${(bytes / 1024).toFixed(1).padStart(6)} KB`;
    console.log(
      `${name.padEnd(width)}  ${size} in ${String(requests).padStart(2)} JS files  ${mark}`,
    );
  }
  if (rows.some(({ bytes, budget }) => bytes > budget)) process.exitCode = 1;
}

await main();
