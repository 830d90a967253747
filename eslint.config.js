// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/** Import paths that would break the one-way dependency rule (domain ← contracts ← apps). */
const appPackages = { group: ['@tappa/server', '@tappa/web', '@tappa/e2e', '@tappa/bench'] };

/**
 * @param {Array<Record<string, unknown>>} patterns
 * @param {string} [message]
 */
const restrict = (patterns, message = 'This import breaks the one-way dependency rule.') => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((p) => ({ message, ...p })) }],
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
      'no-restricted-syntax': [
        'error',
        { selector: 'TSAsExpression > TSAnyKeyword', message: 'No `as any`: narrow the type.' },
      ],
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
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([{ ...appPackages, message: 'apps never import each other.' }]),
    },
  },
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: restrict([
      { ...appPackages, message: 'apps never import each other.' },
      {
        regex: '(^|/)features/',
        message: 'features do not import each other: compose them in a page.',
      },
      {
        regex: '^\\.\\./[^./][^/]*/',
        message: 'features do not import each other: compose them in a page.',
      },
    ]),
  },
  {
    files: ['e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*'],
    languageOptions: { globals: globals.node },
  },
);
