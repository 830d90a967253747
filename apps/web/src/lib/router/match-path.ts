/** The values of a path pattern's `:name` segments (and of `*`), decoded. */
export type Params = Readonly<Record<string, string | undefined>>;

const segmentsOf = (path: string): string[] => path.split('/').filter(Boolean);

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Whether `pathname` is `pattern` (`/:tenantSlug/start`, `*` for the rest of the address) and with
 * which parameters; with `end: false` the pattern may also be the start of the path. Static
 * segments compare without regard to case and a trailing slash is ignored, as in react-router.
 */
export function matchPath(
  pattern: string,
  pathname: string,
  { end = true }: { end?: boolean } = {},
): { params: Params } | null {
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(pathname);
  const params: Record<string, string> = {};
  for (const [i, segment] of wanted.entries()) {
    if (segment === '*') {
      params['*'] = given.slice(i).map(decodeSegment).join('/');
      return { params };
    }
    const value = given[i];
    if (value === undefined) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeSegment(value);
    else if (segment.toLowerCase() !== decodeSegment(value).toLowerCase()) return null;
  }
  return end && given.length > wanted.length ? null : { params };
}

/**
 * How specific a pattern is, to pick one when several match: a static segment outweighs a
 * parameter (`/x/gioco/step` is the game, not `/:tenantSlug/:routeSlug/…`), and `*` comes last.
 */
export function specificityOf(pattern: string): number {
  const segments = segmentsOf(pattern);
  return segments.reduce(
    (score, segment) => score + (segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10),
    segments.length,
  );
}
