import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Written by the web build (`apps/web/vite-page-preloads.ts`), next to the Vite manifest. */
const PAGE_PRELOADS_FILE = path.join('.vite', 'page-preloads.json');

/** The files of a page, or of what a `name=value` of its query asks for beyond the page. */
interface PageFiles {
  js: string[];
  css: string[];
}

interface PagePreload extends PageFiles {
  /** By `name=value`: the files that query asks for beyond the page's (the console's map). */
  queries?: Record<string, PageFiles>;
  /**
   * Paths of endpoints the page GETs at once: their `:slug` is the page's `:tenantSlug`, any
   * other parameter the page's parameter of that name.
   */
  data?: string[];
}

interface PagePattern {
  segments: string[];
  staticSegments: number;
  files: string[];
  data: string[];
  /** `name`, `value` and the links of each query the page's build lists. */
  queries: { name: string; value: string; files: string[] }[];
}

/**
 * The `Link` header values for one page's files: its chunks as module preloads, its stylesheets
 * as preloads in CORS mode, as Vite's loader asks for them (a mismatch would fetch them twice).
 */
function fileLinks({ js, css }: PageFiles): string[] {
  return [
    ...js.map((file) => `</${file}>; rel=modulepreload`),
    ...css.map((file) => `</${file}>; rel=preload; as=style; crossorigin`),
  ];
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A preload of an API answer, for the page's own `fetch` to pick up: same URL, `as=fetch`, and
 * the credentials mode of `apiFetch` (`include`), or the browser fetches it a second time.
 */
function dataLink(template: string, pattern: string[], segments: string[]): string {
  const url = template.replace(/:(\w+)/g, (_param, name: string) => {
    const pageParam = name === 'slug' ? 'tenantSlug' : name;
    const segment = segments[pattern.indexOf(`:${pageParam}`)] ?? '';
    // The segment as the page's router reads it (decoded), encoded again as `urlOf` does.
    return encodeURIComponent(safeDecode(segment));
  });
  return `<${url}>; rel=preload; as=fetch; crossorigin=use-credentials`;
}

/**
 * The preload `Link` header of each page of the built web app, by URL: the files a page needs
 * beyond the entry's (and those its query asks for) and the API answers it asks for at once, so
 * the browser fetches them alongside index.html's own instead of after the entry has run.
 * Without the build's list (an older build, a dev setup) nothing is preloaded.
 */
export function loadPagePreloads(
  webDistDir: string,
): (pathname: string, query?: string) => string | null {
  let table: Record<string, PagePreload>;
  try {
    table = JSON.parse(readFileSync(path.join(webDistDir, PAGE_PRELOADS_FILE), 'utf8')) as Record<
      string,
      PagePreload
    >;
  } catch {
    return () => null;
  }
  const patterns: PagePattern[] = Object.entries(table)
    .map(([pattern, preload]) => {
      const segments = pattern.split('/').filter(Boolean);
      const staticSegments = segments.filter((s) => !s.startsWith(':')).length;
      const queries = Object.entries(preload.queries ?? {}).map(([query, files]) => {
        const [name = '', value = ''] = query.split('=');
        return { name, value, files: fileLinks(files) };
      });
      const data = preload.data ?? [];
      return { segments, staticSegments, files: fileLinks(preload), data, queries };
    })
    .filter((page) => page.files.length + page.data.length + page.queries.length > 0)
    // Like the client router: a static segment beats a parameter (`/x/gioco/step` is the game).
    .sort((a, b) => b.staticSegments - a.staticSegments);
  return (pathname, query = '') => {
    const segments = pathname.split('/').filter(Boolean);
    const page = patterns.find(
      (p) =>
        p.segments.length === segments.length &&
        p.segments.every((s, i) => s.startsWith(':') || s === segments[i]),
    );
    if (!page) return null;
    const data = page.data.map((template) => dataLink(template, page.segments, segments));
    const params = new URLSearchParams(query);
    const asked = page.queries.flatMap((q) => (params.get(q.name) === q.value ? q.files : []));
    const links = [...page.files, ...asked, ...data];
    return links.length > 0 ? links.join(', ') : null;
  };
}
