import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Written by the web build (`apps/web/vite-page-preloads.ts`), next to the Vite manifest. */
const PAGE_PRELOADS_FILE = path.join('.vite', 'page-preloads.json');

interface PagePreload {
  js: string[];
  css: string[];
}

interface PagePattern {
  segments: string[];
  staticSegments: number;
  link: string;
}

/**
 * The `Link` header for one page: its chunks as module preloads, its stylesheets as preloads in
 * CORS mode, as Vite's loader asks for them (a mismatch would fetch them twice).
 */
function linkHeader({ js, css }: PagePreload): string {
  return [
    ...js.map((file) => `</${file}>; rel=modulepreload`),
    ...css.map((file) => `</${file}>; rel=preload; as=style; crossorigin`),
  ].join(', ');
}

/**
 * The preload `Link` header of each page of the built web app, by URL: the files a page needs
 * beyond the entry's, so the browser fetches them alongside index.html's own instead of after
 * the entry has run. Without the build's list (an older build, a dev setup) nothing is preloaded.
 */
export function loadPagePreloads(webDistDir: string): (pathname: string) => string | null {
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
      return { segments, staticSegments, link: linkHeader(preload) };
    })
    .filter((page) => page.link !== '')
    // Like the client router: a static segment beats a parameter (`/x/gioco/step` is the game).
    .sort((a, b) => b.staticSegments - a.staticSegments);
  return (pathname) => {
    const segments = pathname.split('/').filter(Boolean);
    const page = patterns.find(
      (p) =>
        p.segments.length === segments.length &&
        p.segments.every((s, i) => s.startsWith(':') || s === segments[i]),
    );
    return page?.link ?? null;
  };
}
