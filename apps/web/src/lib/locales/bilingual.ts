/** The languages of the interface. */
export type Language = 'it' | 'en';

/** A text in both languages of the interface, side by side. */
export type Texts = Readonly<Record<Language, string>>;

/** The spec's words, shown as they are in both languages. */
export const both = (text: string): Texts => ({ it: text, en: text });

/** One language's column of a table of texts: the same keys, each with its text. */
export function textsIn<K extends string>(table: Record<K, Texts>, language: Language) {
  const entries = Object.entries<Texts>(table).map(([key, texts]) => [key, texts[language]]);
  // The entries are exactly the table's keys: `fromEntries` only loses their names.
  return Object.fromEntries(entries) as Record<K, string>;
}
