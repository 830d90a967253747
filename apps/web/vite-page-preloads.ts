import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** Where the server finds the page preloads (not served: dot folders stay private). */
export const PAGE_PRELOADS_FILE = '.vite/page-preloads.json';

/** `const PlayerStartPage = lazyPage(() => import('./pages/player/player-start-page'));` */
const LAZY_PAGE = /const (\w+) = lazyPage\(\(\) => import\('(\.\/pages\/[^']+)'\)\);/g;
/** `  '/:tenantSlug/start': PlayerStartPage,` in the router's `PAGES` table. */
const PAGE_ENTRY = /^\s+'(\/[^']*)': (\w+),$/gm;

/** The URL patterns of the router's table and the page module each one loads. */
function readPageModules(routerFile: string): Map<string, string> {
  const source = readFileSync(routerFile, 'utf8');
  const modules = new Map<string, string>();
  for (const [, name = '', file = ''] of source.matchAll(LAZY_PAGE)) {
    modules.set(name, `${path.resolve(path.dirname(routerFile), file)}.tsx`);
  }
  const pages = new Map<string, string>();
  for (const [, pattern = '', name = ''] of source.matchAll(PAGE_ENTRY)) {
    const module = modules.get(name);
    if (module) pages.set(pattern, module);
  }
  return pages;
}

/** The chunk files `fileName` imports statically, transitively, itself included. */
function staticClosure(bundle: OutputBundle, fileName: string, seen: Set<string>): Set<string> {
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk' || seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const imported of chunk.imports) staticClosure(bundle, imported, seen);
  return seen;
}

/** The chunk that holds `module` (a source file's absolute path). */
function chunkOf(chunks: readonly OutputChunk[], module: string): OutputChunk | undefined {
  return chunks.find((chunk) => chunk.moduleIds.includes(module));
}

/** The files one page (or one of its queries) needs: JavaScript chunks and their stylesheets. */
interface PageFiles {
  js: string[];
  css: string[];
}

/**
 * Writes, for each URL pattern of the router, the files its page and the lazy layouts around it
 * (`layoutsOf`: their modules, relative to `src/`) need beyond the entry's (JavaScript chunks and
 * stylesheets), and the API answers it asks for at once (`pageData`); and, for a `name=value` of
 * its query (`queryModules`), the files of the modules that query asks for beyond the page. The
 * server sends them as `Link` preload headers with index.html, so a phone fetches the page's code
 * alongside the entry instead of after it.
 */
export function pagePreloads(
  routerFile: string,
  pageData: Partial<Record<string, readonly string[]>>,
  layoutsOf: (pattern: string) => readonly string[],
  queryModules: Partial<Record<string, Record<string, readonly string[]>>>,
): Plugin {
  return {
    name: 'tappa:page-preloads',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) return;
        const loadedByEntry = staticClosure(bundle, entry.fileName, new Set());
        const preloads: Record<
          string,
          PageFiles & { data: string[]; queries?: Record<string, PageFiles> }
        > = {};
        const pages = readPageModules(routerFile);
        // A router written another way must not silently lose every page's preloads.
        if (pages.size === 0) this.error(`No lazy pages found in ${routerFile}`);
        const sourceDir = path.dirname(path.dirname(routerFile));
        /** The chunks `modules` load, with what they import, less those of `loaded`. */
        const filesOf = (pattern: string, modules: string[], loaded: Set<string>): PageFiles => {
          const closure = new Set<string>();
          for (const wanted of modules) {
            const chunk = chunkOf(chunks, wanted);
            if (!chunk) this.error(`No chunk holds ${wanted}, loaded by the page of ${pattern}`);
            staticClosure(bundle, chunk.fileName, closure);
          }
          const js = [...closure].filter((file) => !loaded.has(file));
          const css = js.flatMap((file) => {
            const chunk = bundle[file];
            return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
          });
          return { js, css: [...new Set(css)] };
        };
        const sourceFile = (module: string) => `${path.join(sourceDir, module)}.tsx`;
        for (const [pattern, module] of pages) {
          const page = filesOf(
            pattern,
            [...layoutsOf(pattern).map(sourceFile), module],
            loadedByEntry,
          );
          preloads[pattern] = { ...page, data: [...(pageData[pattern] ?? [])] };
          const queries = Object.entries(queryModules[pattern] ?? {});
          if (queries.length === 0) continue;
          const loadedWithPage = new Set([...loadedByEntry, ...page.js]);
          preloads[pattern].queries = Object.fromEntries(
            queries.map(([query, modules]) => [
              query,
              filesOf(pattern, modules.map(sourceFile), loadedWithPage),
            ]),
          );
        }
        this.emitFile({
          type: 'asset',
          fileName: PAGE_PRELOADS_FILE,
          source: JSON.stringify(preloads, null, 2),
        });
      },
    },
  };
}
