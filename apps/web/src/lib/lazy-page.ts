import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

/** A page's module, as `import()` gives it. */
interface PageModule<P> {
  default: ComponentType<P>;
  /** Loads what its address's `search` asks for beyond the page, before its first render. */
  preloadFor?: (search: string) => Promise<void>;
}

/** A lazily loaded component that can also be loaded ahead of its first render. */
export type PreloadableComponent<P = object> = LazyExoticComponent<ComponentType<P>> & {
  preload: () => Promise<PageModule<P>>;
};

/**
 * `React.lazy` plus `preload()`. Once preloaded, the component renders at once: React gets a
 * thenable that is already settled and does not suspend. A first render that suspends costs the
 * page the spinner and React's 300 ms hold on a fallback before the page may replace it.
 */
export function lazyPage<P = object>(load: () => Promise<PageModule<P>>): PreloadableComponent<P> {
  let loaded: PageModule<P> | undefined;
  let loading: Promise<PageModule<P>> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module;
      return module;
    }));
  const component = lazy(() => {
    if (!loaded) return preload();
    const module = loaded;
    // React reads a thenable that calls back at once as settled (no suspense).
    return { then: (resolve: (value: PageModule<P>) => void) => resolve(module) } as Promise<
      PageModule<P>
    >;
  });
  return Object.assign(component, { preload });
}
