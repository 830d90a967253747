import type { Catalogue } from './locales/it';

/** Dotted paths to every text of `T`, each starting with `P`. */
type LeafKey<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : LeafKey<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Dotted paths to every group of texts of `T` (what a `keyPrefix` may name). */
type GroupKey<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? never : `${P}${K}` | GroupKey<T[K], `${P}${K}.`>;
}[keyof T & string];

/** The base name of a plural key (`waiting_one` → `waiting`): it is called so, with `count`. */
type PluralBase<K> = K extends `${infer Base}_one`
  ? Base
  : K extends `${infer Base}_other`
    ? Base
    : never;

/** The group of texts of `T` at the dotted path `P`. */
type GroupAt<T, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? GroupAt<T[Head], Rest>
    : never
  : P extends keyof T
    ? T[P]
    : never;

/** The keys `t` accepts in a group: its texts, and its plural keys by their base name. */
type KeyIn<T> = LeafKey<T> | PluralBase<LeafKey<T>>;

/** A `keyPrefix` of `useTranslation`: a group of the Italian catalogue, e.g. `'media.picker'`. */
export type KeyPrefix = GroupKey<Catalogue>;

/**
 * The keys a `t` accepts: those of the Italian catalogue (the reference every language has), or
 * with a `keyPrefix` those under it, so that a mistyped or removed key fails the typecheck.
 */
export type TranslationKey<P extends KeyPrefix | undefined = undefined> = P extends KeyPrefix
  ? KeyIn<GroupAt<Catalogue, P>>
  : KeyIn<Catalogue>;
