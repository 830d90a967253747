import { ROUTE_TITLE_MAX_LENGTH, SLUG_MAX_LENGTH } from './text-limits';

/** What a copy's slug and title say it is ('Duplica', decision 0087). */
const COPY_WORD = 'copia';

/** `text` cut to `maxLength` UTF-16 units, never through a surrogate pair. */
function cut(text: string, maxLength: number): string {
  const head = text.slice(0, maxLength);
  return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head;
}

/**
 * The slug of a copy of the route `slug`: `{slug}-copia`, else the first of `{slug}-copia-2`,
 * `-copia-3`, … that `taken` does not hold; the source's part is shortened so that the whole
 * stays within `SLUG_MAX_LENGTH`.
 */
export function copySlug(slug: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? `-${COPY_WORD}` : `-${COPY_WORD}-${n}`;
    const base = cut(slug, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, '');
    const candidate = `${base}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The title of a copy: `{title} (copia)`, the source's part shortened to stay within the limit. */
export function copyTitle(title: string): string {
  const suffix = ` (${COPY_WORD})`;
  return `${cut(title, ROUTE_TITLE_MAX_LENGTH - suffix.length).trimEnd()}${suffix}`;
}
