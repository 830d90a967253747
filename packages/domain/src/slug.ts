/** Path segments a tenant slug may never take, because the platform routes them itself. */
export const RESERVED_SLUGS = [
  'login',
  'home',
  'superadmin',
  'reset-password',
  'api',
  'files',
  'assets',
  'static',
  'health',
  'docs',
  // Prometheus' endpoint (`/metrics`, issue 32).
  'metrics',
] as const;

/** One of the reserved path segments. */
export type ReservedSlug = (typeof RESERVED_SLUGS)[number];

/** Turns free text into a URL slug: lowercase, no accents, word characters joined by hyphens. */
export function normalizeSlug(input: string): string {
  return (
    input
      .toLowerCase()
      .normalize('NFD')
      // Combining marks left by NFD are the accents: "à" becomes "a" + U+0300.
      .replace(/[\u0300-\u036f]/g, '')
      // `\w` keeps letters, digits and underscore; hyphens and whitespace survive for the next steps.
      .replace(/[^\w\s-]/g, '')
      .replace(/\s+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '')
  );
}

/** Whether a slug collides with a path the platform reserves. */
export function isReservedSlug(slug: string): boolean {
  return (RESERVED_SLUGS as readonly string[]).includes(slug);
}
