import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { itAccount } from '../lib/locales/it/account';
import { itEvent } from '../lib/locales/it/event';
import { itHints } from '../lib/locales/it/hints';
import { itLocation } from '../lib/locales/it/location';
import { itMessages } from '../lib/locales/it/messages';
import { itPlayer } from '../lib/locales/it/player';
import { itResults } from '../lib/locales/it/results';

// The phone's pages get only the texts bundled with the i18n engine (lib/i18n.ts): the sign-in,
// home and administration texts join with the staff's pages. This reads the source the phone's
// pages load (their imports, lazy ones too) and checks that every text key it names is bundled.

const src = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const PHONE_PAGES = [
  ...readdirSync(path.join(src, 'app/pages/player'))
    .filter((file) => file.endsWith('-page.tsx'))
    .map((file) => `app/pages/player/${file}`),
  'app/pages/public/big-screen-page.tsx',
  'app/root-layout.tsx',
].map((file) => path.join(src, file));

/** `import … from './x'`, `import './x'` and `import('./x')`, not `import type`. */
const IMPORT = /(?:import(?!\s+type\b)[^'"]*?from\s*|import\s*\(?\s*)'(\.[^']+)'/g;
/** `t('group.key'` and `t(\`group.key${…}\``: the key, or the part before the substitution. */
const TEXT_KEY = /\bt\(\s*(?:'([^']+)'|`([^`$]+)\$\{)/g;

function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')];
  return candidates.find((file) => /\.tsx?$/.test(file) && existsSync(file)) ?? null;
}

/** Every source file the phone's pages load, from their own files on. */
function phoneSources(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || file.includes(`${path.sep}locales${path.sep}`)) return;
    seen.add(file);
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const imported = resolveImport(file, specifier);
      if (imported) visit(imported);
    }
  };
  PHONE_PAGES.forEach(visit);
  return [...seen];
}

interface Texts {
  [key: string]: string | Texts;
}
// The messages', the hints', the event clock's, the location sharing's and a team's results' texts
// join with their views, before any of their parts shows (checked below).
const bundled: Texts = {
  ...itAccount,
  ...itPlayer,
  ...itMessages,
  ...itHints,
  ...itEvent,
  ...itLocation,
  ...itResults,
  errors: {
    ...itAccount.errors,
    ...itHints.errors,
    ...itEvent.errors,
    ...itLocation.errors,
    ...itResults.errors,
  },
};

/** The text or group at the dotted `key` of the bundled catalogue. */
function find(key: string): string | Texts | undefined {
  return key
    .split('.')
    .reduce<string | Texts | undefined>(
      (node, part) => (typeof node === 'object' ? node[part] : undefined),
      bundled,
    );
}

/** A text (or a plural form of it). */
const isBundledText = (key: string) =>
  [key, `${key}_one`, `${key}_other`].some((name) => typeof find(name) === 'string');

/** A key's start before its `${…}`: texts of the group it names begin with the rest. */
function isBundledPrefix(prefix: string): boolean {
  const dot = prefix.lastIndexOf('.');
  const group = find(prefix.slice(0, dot));
  const start = prefix.slice(dot + 1);
  return typeof group === 'object' && Object.keys(group).some((name) => name.startsWith(start));
}

/** The texts of errors only the staff's calls answer (a route's JSON): they join with theirs. */
const STAFF_ERRORS = ['errors.route_json'];

describe("the phone's texts", () => {
  const sources = phoneSources();

  it('reads the pages and what they load', () => {
    const names = sources.map((file) => path.relative(src, file));
    expect(names).toContain('features/gameplay/gameplay-screen.tsx');
    expect(names).toContain('features/player-start/start-screen.tsx');
    expect(names.some((name) => name.startsWith('app/pages/admin/'))).toBe(false);
  });

  it('names only texts bundled with the i18n engine', () => {
    const missing: string[] = [];
    for (const file of sources) {
      for (const [, key, prefix = ''] of readFileSync(file, 'utf8').matchAll(TEXT_KEY)) {
        const name = key ?? `${prefix}…`;
        if (STAFF_ERRORS.some((staff) => name.startsWith(staff))) continue;
        if (!(key ? isBundledText(key) : isBundledPrefix(prefix))) {
          missing.push(`${path.relative(src, file)}: ${name}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it.each(['messages', 'hints', 'event', 'location', 'results'])(
    'adds the %s’ texts wherever one is named (they are not in the first load)',
    (group) => {
      const naming = sources.filter((file) =>
        new RegExp(`\\bt\\(\\s*'${group}\\.`).test(readFileSync(file, 'utf8')),
      );
      expect(naming.length).toBeGreaterThan(0);
      const without = naming.filter(
        (file) => !readFileSync(file, 'utf8').includes(`/lib/${group}-texts';`),
      );
      expect(without.map((file) => path.relative(src, file))).toEqual([]);
    },
  );
});
