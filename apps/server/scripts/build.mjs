// The production build of the server (`npm run build -w apps/server`, run by `npm start` when
// missing or stale): esbuild bundles the TypeScript ahead of time into apps/server/dist, so a
// start compiles nothing (docs/decisions/0048). Packages from node_modules stay imports; the
// workspace packages (@tappa/domain, @tappa/contracts, TypeScript sources) are bundled in.
//
// dist/main.mjs        the server (src/main.ts)
// dist/worker.mjs      the PGlite thread (src/db/pglite/worker.ts), as thread.ts expects it
// dist/games.tasks.mjs the tasks module the thread imports (src/modules/games/games.tasks.ts)
// dist/chunk-*.mjs     code shared by those three (one copy of each module per thread)
// dist/migrations, dist/sample-media: files the code reads next to itself (import.meta.url)
import { cpSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const src = path.join(serverRoot, 'src');
const dist = path.join(serverRoot, 'dist');

// The esbuild tsx runs on (a dependency of the server already): no extra install.
const requireFromTsx = createRequire(createRequire(import.meta.url).resolve('tsx'));
const esbuild = requireFromTsx('esbuild');

const tasksSource = path.join(src, 'modules/games/games.tasks.ts');

/**
 * The tasks module tells the database thread where to import it from (`import.meta.url`); in the
 * bundle its code sits in a shared chunk, so that URL is made to name its own entry instead.
 */
const tasksEntryUrl = {
  name: 'tasks-entry-url',
  setup(build) {
    build.onLoad({ filter: /games\.tasks\.ts$/ }, async (args) => {
      if (args.path !== tasksSource) return undefined;
      const text = await readFile(args.path, 'utf8');
      const marked = text.replace(
        'url: import.meta.url',
        "url: new URL('./games.tasks.mjs', import.meta.url).href",
      );
      if (marked === text) throw new Error('games.tasks.ts no longer sets `url: import.meta.url`');
      return { contents: marked, loader: 'ts' };
    });
  },
};

/** Bare imports stay external, except the workspace packages (TypeScript sources). */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@tappa/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = Date.now();
rmSync(dist, { recursive: true, force: true });
await esbuild.build({
  entryPoints: {
    main: path.join(src, 'main.ts'),
    worker: path.join(src, 'db/pglite/worker.ts'),
    'games.tasks': tasksSource,
  },
  outdir: dist,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  chunkNames: 'chunk-[hash]',
  logLevel: 'warning',
  plugins: [tasksEntryUrl, externalPackages],
});
cpSync(path.join(src, 'db/migrations'), path.join(dist, 'migrations'), { recursive: true });
cpSync(path.join(src, 'modules/routes/sample-media'), path.join(dist, 'sample-media'), {
  recursive: true,
});
console.log(`Server built in ${Date.now() - started} ms (apps/server/dist)`);
