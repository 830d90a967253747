// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

/** Import paths that would break the one-way dependency rule (domain ← contracts ← apps). */
const appPackages = { group: ['@tappa/server', '@tappa/web', '@tappa/e2e', '@tappa/bench'] };

const NO_AS_ANY = {
  selector: 'TSAsExpression > TSAnyKeyword',
  message: 'No `as any`: narrow the type.',
};

/** What every server file may not write: `as any`, its own clock, a dynamic query. */
const SERVER_SYNTAX = [
  NO_AS_ANY,
  ...[
    "NewExpression[callee.name='Date'][arguments.length=0]",
    "CallExpression[callee.object.name='Date'][callee.property.name='now']",
    "CallExpression[callee.object.name='performance'][callee.property.name='now']",
    'CallExpression[callee.name=/^(setTimeout|setInterval)$/]',
  ].map((selector) => ({
    selector,
    message: 'Time and timers come from the injected Clock (infra/clock.ts).',
  })),
  {
    selector: "MemberExpression[property.name='$dynamic']",
    message: 'A dynamic query could replace the tenant condition of db.scoped().',
  },
];

/**
 * The only files that write `games` and `game_steps`: the try, and the one writer outside it,
 * which writes the game's row with its steps so that the try cache never judges on stale state
 * (apps/server/src/modules/games/try/index.ts, invariant 5).
 */
const GAME_ROW_WRITERS = [
  'apps/server/src/modules/games/try/**/*.ts',
  'apps/server/src/modules/games/game-writes.repository.ts',
];

/** The writes of `games` and `game_steps`: by the query builder or in an SQL template. */
const GAME_ROW_WRITES = [
  'CallExpression[callee.property.name=/^(insert|insertChildren|upsertChildren|update|delete)$/][arguments.0.name=/^(games|gameSteps)$/]',
  'TemplateElement[value.raw=/\\b(update|insert\\s+into|delete\\s+from)\\s+(games|game_steps)\\b/i]',
].map((selector) => ({
  selector,
  message: "A game's rows are written by writeGameOutsideTry (games/game-writes.repository.ts).",
}));

/** The server's modules: each owns its tables, and only it may import its repositories. */
const SERVER = './apps/server/src';
const SERVER_MODULES = readdirSync(`${SERVER}/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SERVER_OUTSIDE_MODULES = ['app.ts', 'main.ts', 'module-deps.ts', 'bootstrap', 'plugins'];

/**
 * @param {Array<Record<string, unknown>>} patterns
 * @param {string} [message]
 */
const restrict = (patterns, message = 'This import breaks the one-way dependency rule.') => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((p) => ({ message, ...p })) }],
});

/** The web app's source, as the `import-x/no-restricted-paths` zones name it. */
const web = 'apps/web/src';

/** The web app's features: each is a zone that no other feature may import from. */
const webFeatures = readdirSync(new URL(`./${web}/features`, import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web app's layers, checked on resolved paths: `lib` ← `api` ← `components` ← `features` ←
 * `app` (pages compose features). Test support (`src/test`) may import anything.
 */
const webZones = [
  ...webFeatures.map((name) => ({
    target: `${web}/features/${name}`,
    from: `${web}/features`,
    except: [`./${name}`],
    message: 'Features do not import each other: compose them in a page (app/pages).',
  })),
  {
    target: `${web}/features`,
    from: `${web}/app`,
    message: 'Features never import app/: the pages import the features.',
  },
  {
    target: [`${web}/api`, `${web}/lib`, `${web}/components`],
    from: [`${web}/features`, `${web}/app`],
    message: 'Shared code (api, lib, components) never imports features or app/.',
  },
  {
    target: `${web}/lib`,
    from: [`${web}/api`, `${web}/components`],
    message: 'lib is the bottom layer: it imports neither api/ nor components/.',
  },
  {
    target: `${web}/api`,
    from: `${web}/components`,
    message: 'api/ holds the server calls only: no components.',
  },
];

/**
 * Import boundaries of the web app, on resolved paths (relative or aliased alike).
 * @param {Array<Record<string, unknown>>} [extraZones]
 */
const webFence = (extraZones = []) => ({
  'import-x/no-restricted-paths': [
    'error',
    { basePath: import.meta.dirname, zones: [...webZones, ...extraZones] },
  ],
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      // `text || fallback` on strings is meant: an empty string falls back too.
      '@typescript-eslint/prefer-nullish-coalescing': [
        'error',
        { ignorePrimitives: { string: true } },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Fastify plugins and hooks are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
      'no-restricted-syntax': ['error', NO_AS_ANY],
    },
  },
  {
    // Import cycles are refused everywhere: dependencies point one way, inside a package too.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/*/tsconfig.json',
            'packages/*/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: globals.node,
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: restrict([
      { group: ['@tappa/*'], message: 'domain imports nothing of ours.' },
      {
        regex: '^(node:)?(fs|path|http|https|net|crypto|child_process|os)(/.*)?$',
        message: 'domain is pure: no I/O.',
      },
    ]),
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: restrict([
      { group: ['@tappa/*', '!@tappa/domain'], message: 'contracts may import only domain.' },
    ]),
  },
  {
    files: ['apps/server/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: restrict([{ ...appPackages, message: 'apps never import each other.' }]),
  },
  {
    // Only repositories (and db/ itself) touch tables: the schema and the query builder stay there.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.repository.ts', 'apps/server/src/db/**', '**/*.test.ts'],
    rules: restrict([
      { ...appPackages, message: 'apps never import each other.' },
      {
        group: ['**/db/schema', '**/db/schema/*'],
        message: 'Only *.repository.ts files touch tables (docs/architecture.md, "Walls").',
      },
      {
        group: ['drizzle-orm', 'drizzle-orm/*'],
        allowTypeImports: true,
        message: 'Queries live in *.repository.ts files (docs/architecture.md, "Walls").',
      },
    ]),
  },
  {
    // One clock (infra/clock.ts): business time, durations and timers are injected. A game's
    // rows are written by the try and by the one writer outside it only (GAME_ROW_WRITERS).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/infra/clock.ts', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...SERVER_SYNTAX, ...GAME_ROW_WRITES] },
  },
  {
    files: GAME_ROW_WRITERS,
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', ...SERVER_SYNTAX] },
  },
  {
    // The server's layers: db/ and infra/ know no feature; a module's repositories are its own.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: `${SERVER}/db`,
              from: [
                `${SERVER}/modules`,
                `${SERVER}/plugins`,
                `${SERVER}/infra`,
                `${SERVER}/app.ts`,
              ],
              message: 'db/ is the bottom layer: it knows no feature.',
            },
            {
              target: `${SERVER}/infra`,
              from: [`${SERVER}/modules`, `${SERVER}/plugins`, `${SERVER}/db`],
              message: 'infra/ knows no feature and no database.',
            },
            {
              target: `${SERVER}/plugins`,
              from: `${SERVER}/modules`,
              message: 'plugins/ are cross-cutting: they know no feature.',
            },
            ...SERVER_MODULES.flatMap((owner) =>
              [
                ...SERVER_MODULES.filter((other) => other !== owner).map(
                  (other) => `${SERVER}/modules/${other}`,
                ),
                ...SERVER_OUTSIDE_MODULES.map((outside) => `${SERVER}/${outside}`),
              ].map((target) => ({
                target,
                from: `${SERVER}/modules/${owner}/**/*.repository.ts`,
                message: `Call the ${owner} module's service, never its repository.`,
              })),
            ),
          ],
        },
      ],
    },
  },
  {
    // Tests wait for events, never for time.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'apps/server/test/helpers/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_AS_ANY,
        ...[
          'CallExpression[callee.name=/^(setTimeout|setInterval)$/]',
          "CallExpression[callee.property.name='waitForTimeout']",
          "CallExpression[callee.object.name='performance'][callee.property.name='now']",
        ].map((selector) => ({
          selector,
          message: 'Tests wait for events, not for time: no sleeps, no wall-clock measures.',
        })),
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([{ ...appPackages, message: 'apps never import each other.' }]),
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: webFence(),
  },
  {
    // The phone's pages read through the app's small query cache (lib/query), never React Query,
    // which stays out of a player's first load (decision 0053).
    files: [
      `${web}/app/pages/player/**`,
      `${web}/app/pages/public/big-screen-page.tsx`,
      ...[
        'gameplay',
        'player-common',
        'player-start',
        'route-details',
        'route-select',
        'scoreboards',
      ].map((feature) => `${web}/features/${feature}/**`),
      ...[
        'games',
        'game-album',
        'game-screen',
        'platform-brand',
        'play',
        'player-routes',
        'public-tenants',
        'route-payment',
        'scoreboards',
      ].map((module) => `${web}/api/${module}.ts`),
      `${web}/lib/**`,
    ],
    ignores: [`${web}/**/*.test.{ts,tsx}`, `${web}/lib/query-client.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ ...appPackages, message: 'apps never import each other.' }],
          paths: [
            {
              name: '@tanstack/react-query',
              message:
                "The phone's pages use lib/query: React Query is the staff pages' (decision 0053).",
            },
          ],
        },
      ],
    },
  },
  {
    // Test-only code never reaches a production chunk.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: webFence([
      {
        target: web,
        from: `${web}/test`,
        message: 'Only tests import the test support (src/test).',
      },
    ]),
  },
  {
    files: ['e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*'],
    languageOptions: { globals: globals.node },
  },
);
