import type { Plugin } from 'vite';

/** `<link rel="stylesheet" … href="/assets/x.css">` as Vite writes it into index.html. */
const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g;

/**
 * Puts the entry's stylesheet (the app's base styles, a few KB) into index.html as a `<style>`:
 * a `<link>` would hold the first paint back by one more round trip on a slow phone, and the
 * page's loading shell needs those styles to paint at once. The content security policy allows
 * inline styles (`style-src 'unsafe-inline'`), not inline scripts.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'tappa:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(STYLESHEET_LINK, (link, fileName: string) => {
          const asset = bundle[fileName];
          if (asset?.type !== 'asset') return link;
          return `<style>${String(asset.source)}</style>`;
        });
      },
    },
  };
}
