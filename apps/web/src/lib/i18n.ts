import { useMemo, useSyncExternalStore } from 'react';
import type { KeyPrefix, TranslationKey } from './i18n-keys';
import type { Language } from './locales/bilingual';
import { itAccount } from './locales/it/account';
import { itPlayer } from './locales/it/player';

export type { KeyPrefix, TranslationKey } from './i18n-keys';

/** Languages the interface ships with; Italian is the default and the fallback. */
export const SUPPORTED_LANGUAGES = ['it', 'en'] as const satisfies readonly Language[];

/** One language's texts, (i18next JSON v4): nested groups, plurals as `key_one`/`key_other`. */
export interface Resources {
  [key: string]: string | Resources;
}

/** What `t` takes besides the key: `count` picks the plural form; every value fills `{{name}}`. */
export interface TOptions {
  count?: number;
  [name: string]: string | number | null | undefined;
}

/**
 * A translate function, fixed to a language (or to the current one) and to an optional
 * `keyPrefix`; its keys are checked against the Italian catalogue.
 */
export type TFunction<P extends KeyPrefix | undefined = undefined> = (
  key: TranslationKey<P>,
  options?: TOptions,
) => string;

// Italian texts every page needs (shared, errors, player) are bundled; the sign-in and home texts
// join when a staff page loads (`staff-texts.ts`), the administration texts when an admin page
// does (`admin-texts.ts`), and English only when it is asked for: a player's phone downloads none.
const resources: Partial<Record<Language, Resources>> = { it: { ...itAccount, ...itPlayer } };
const loaders: Partial<Record<Language, () => Promise<Resources>>> = {
  en: () => import('./locales/en').then((module) => module.en),
};
const loading = new Map<Language, Promise<void>>();
const pluralRules = new Map<Language, Intl.PluralRules>();
const listeners = new Set<() => void>();
let current: Language = 'it';

/** `source` merged into a copy of `target`, group by group; `source` wins on a text in both. */
function mergeDeep(target: Resources, source: Resources): Resources {
  const merged = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const existing = merged[key];
    merged[key] =
      typeof value === 'object' && typeof existing === 'object'
        ? mergeDeep(existing, value)
        : value;
  }
  return merged;
}

/**
 * The text at the dotted path `parts` under `node`, if it is a text (not a group, not missing).
 * A name may hold dots itself (`auditLog.actions['tenant.update']`): i18next finds those too.
 */
function lookup(node: Resources | string | undefined, parts: string[]): string | undefined {
  if (parts.length === 0) return typeof node === 'string' ? node : undefined;
  if (typeof node !== 'object') return undefined;
  for (let end = 1; end <= parts.length; end++) {
    const name = parts.slice(0, end).join('.');
    const text = Object.hasOwn(node, name) ? lookup(node[name], parts.slice(end)) : undefined;
    if (text !== undefined) return text;
  }
  return undefined;
}

function pluralSuffix(language: Language, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) pluralRules.set(language, (rules = new Intl.PluralRules(language)));
  return `_${rules.select(count)}`;
}

/** `{{name}}` replaced by `values.name`; a name not given stays as it is, like i18next's. */
function interpolate(text: string, values: TOptions | undefined): string {
  if (!values) return text;
  return text.replace(/\{\{(.+?)\}\}/g, (placeholder, name: string) => {
    const key = name.trim();
    return Object.hasOwn(values, key) ? String(values[key] ?? '') : placeholder;
  });
}

/**
 * i18next's resolution: in `language`, then in Italian; with `count`, the plural form before the
 * plain key; a key found nowhere is its own text, so a gap shows instead of an empty label.
 */
function translate(language: Language, key: string, options?: TOptions): string {
  const count = options?.count;
  const codes: Language[] = language === 'it' ? ['it'] : [language, 'it'];
  for (const code of codes) {
    const candidates = count === undefined ? [key] : [key + pluralSuffix(code, count), key];
    for (const candidate of candidates) {
      const text = lookup(resources[code], candidate.split('.'));
      if (text !== undefined) return interpolate(text, options);
    }
  }
  return key;
}

function fixedT<P extends KeyPrefix | undefined>(
  language: Language,
  prefix: P | undefined,
): TFunction<P> {
  return (key: string, options?: TOptions) =>
    translate(language, prefix === undefined ? key : `${prefix}.${key}`, options);
}

function addResources(language: Language, texts: Resources): void {
  resources[language] = mergeDeep(resources[language] ?? {}, texts);
}

function loadLanguage(language: Language): Promise<void> {
  const load = loaders[language];
  if (!load) return Promise.resolve();
  let pending = loading.get(language);
  if (!pending) {
    pending = load().then(
      (texts) => addResources(language, texts),
      (error: unknown) => {
        // A failed download (offline) is tried again by the next change of language.
        loading.delete(language);
        throw error;
      },
    );
    loading.set(language, pending);
  }
  return pending;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The app's translations: a small engine in place of i18next (decision 0042), with i18next's
 * resource format, lookup, fallback to Italian, `{{name}}` interpolation (not HTML-escaped: React
 * escapes) and plurals, so the texts and the call sites stayed as they were.
 */
export const i18n = {
  /** The language the interface shows now. */
  get language(): Language {
    return current;
  },
  /** Translates `key` in the current language. */
  t(key: TranslationKey, options?: TOptions): string {
    return translate(current, key, options);
  },
  /** A `t` that always translates into `language` (which must be loaded). */
  getFixedT(language: Language): TFunction {
    return fixedT(language, undefined);
  },
  /** Downloads the texts of `languages` not loaded yet, without switching to them. */
  async loadLanguages(languages: Language | readonly Language[]): Promise<void> {
    await Promise.all([languages].flat().map(loadLanguage));
  },
  /** Switches the interface to `language` once its texts are loaded; components re-render. */
  async changeLanguage(language: Language): Promise<void> {
    await loadLanguage(language);
    current = language;
    for (const listener of listeners) listener();
  },
  /**
   * Whether `key` has a text in the catalogue loaded now (in the current language or Italian):
   * the public texts on every page, the administration's once an admin page has loaded.
   */
  exists(key: string): key is TranslationKey {
    return [current, 'it' as const].some(
      (code) => lookup(resources[code], key.split('.')) !== undefined,
    );
  },
  /** Whether the texts of `language` are loaded. */
  hasResourceBundle(language: Language): boolean {
    return resources[language] !== undefined;
  },
  /** Adds `texts` to `language`'s, merged group by group (the admin texts join the player's). */
  addResourceBundle: addResources,
};

/**
 * The `t` of a component (with an optional `keyPrefix`) and the engine; the component re-renders
 * when the language changes. The namespace argument is react-i18next's, kept for its call sites.
 */
export function useTranslation<P extends KeyPrefix | undefined = undefined>(
  _namespace?: 'translation',
  options?: { keyPrefix: P },
): { t: TFunction<P>; i18n: typeof i18n } {
  const language = useSyncExternalStore(subscribe, () => current);
  const prefix = options?.keyPrefix;
  const t = useMemo(() => fixedT(language, prefix), [language, prefix]);
  return { t, i18n };
}
