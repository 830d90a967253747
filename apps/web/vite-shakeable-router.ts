import type { Plugin } from 'vite';

/** react-router's ES modules (its `dist/production/*.mjs` in a build). */
const ROUTER_MODULE = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/].+\.mjs$/;
/** `Link.displayName = "Link";` on a line of its own at a module's top level. */
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"]*";\n/gm;
/** `var Link = React10.forwardRef(` (or `createContext`, `memo`) at a module's top level. */
const REACT_FACTORY = /^(var [\w$]+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm;

/** react-router's module as the bundler sees it after the rewrite, and how many spots changed. */
export function makeRouterShakeable(code: string): { code: string; rewrites: number } {
  let rewrites = 0;
  const rewritten = code
    .replace(DISPLAY_NAME, () => {
      rewrites += 1;
      return '';
    })
    .replace(REACT_FACTORY, (_match, declaration: string, call: string) => {
      rewrites += 1;
      return `${declaration}/* @__PURE__ */ ${call}`;
    });
  return { code: rewritten, rewrites };
}

/**
 * Lets the bundler drop the parts of react-router the app does not use (its data and framework
 * routers, forms, fetchers, scroll restoration, server components). Its ES build names its
 * components at the top level (`Link.displayName = "Link"`) and creates them through
 * `React.forwardRef(…)` without a pure annotation, and each such statement keeps the component and
 * all it calls in every bundle: importing only `matchRoutes` brought 13.7 KB gzipped. Without the
 * names (which only React's developer tools show) and with the annotations, together with the
 * app's own `Link` (src/components/link.tsx), a player page loads about 4 KB less
 * (docs/decisions/0052). Build only: development keeps the names. A react-router release written
 * differently fails the build instead of silently losing the saving.
 */
export function shakeableRouter(): Plugin {
  let rewrites = 0;
  return {
    name: 'tappa:shakeable-router',
    apply: 'build',
    transform: {
      filter: { id: ROUTER_MODULE },
      handler(code) {
        const result = makeRouterShakeable(code);
        rewrites += result.rewrites;
        return result.rewrites ? { code: result.code, map: null } : null;
      },
    },
    buildEnd(error) {
      if (!error && rewrites === 0) {
        this.error('react-router no longer names its components as expected: update this plugin');
      }
    },
  };
}
