import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/** What the build says of one chunk: the chunks and CSS it loads, and the module it stands for. */
interface ChunkNode {
  moduleId: string | null;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  css: string[];
}

/** Lazy pages whose chunks the player's offline shell holds (as in bench/src/bundle-size.ts). */
const isPlayerPage = (moduleId: string) =>
  moduleId.includes('/pages/player/') || moduleId.endsWith('/pages/public/big-screen-page.tsx');

/** `file` and what it loads: its static imports, and its lazy ones too when `lazy`. */
function closure(graph: Map<string, ChunkNode>, file: string, lazy: boolean, seen: Set<string>) {
  const chunk = graph.get(file);
  if (!chunk || seen.has(file)) return;
  seen.add(file);
  for (const css of chunk.css) seen.add(css);
  const next = lazy ? [...chunk.imports, ...chunk.dynamicImports] : chunk.imports;
  for (const imported of next) closure(graph, imported, lazy, seen);
}

/** The files of the player's app shell: the entry with its static imports, and the player pages. */
function playerShell(graph: Map<string, ChunkNode>): Set<string> {
  const files = new Set<string>(['index.html']);
  for (const [file, chunk] of graph) {
    if (chunk.isEntry) closure(graph, file, false, files);
    if (chunk.moduleId && isPlayerPage(chunk.moduleId)) closure(graph, file, true, files);
  }
  return files;
}

/**
 * The service worker is one file: vite-plugin-pwa asks for it with Rollup's
 * `inlineDynamicImports`, which Rolldown (Vite 8) still obeys but warns about at every build; its
 * own word for it is `codeSplitting: false` (decision 0067: no warning a newcomer takes for a
 * failure).
 */
const oneFileWorker: Plugin = {
  name: 'tappa-one-file-worker',
  outputOptions(options) {
    if (options.inlineDynamicImports !== true) return null;
    const { inlineDynamicImports: _inline, ...rest } = options;
    return { ...rest, codeSplitting: false };
  },
};

/**
 * The installable, offline-tolerant player (decision 0037): a service worker (`src/sw/sw.ts`,
 * workbox) precaching the player's shell only — no admin chunk — registered by the player pages
 * (`lib/offline-cache.ts`). Each tenant's manifest comes from the server.
 */
export function playerPwa(): Plugin[] {
  const graph = new Map<string, ChunkNode>();
  const collect: Plugin = {
    name: 'tappa-player-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        graph.set(output.fileName, {
          moduleId: output.facadeModuleId,
          isEntry: output.isEntry,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          css: [...(output.viteMetadata?.importedCss ?? [])],
        });
      }
    },
  };
  const pwa = VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: false,
    injectManifest: {
      globPatterns: ['index.html', 'assets/*.{js,css}'],
      manifestTransforms: [
        (entries) => {
          const shell = playerShell(graph);
          return { manifest: entries.filter((entry) => shell.has(entry.url)), warnings: [] };
        },
      ],
      buildPlugins: { vite: [oneFileWorker] },
    },
  });
  return [collect, ...pwa];
}
