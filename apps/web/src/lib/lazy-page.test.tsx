import { render, screen } from '@testing-library/react';
import { type ComponentType, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

const Page = () => <p>La pagina</p>;

function renderInSuspense(Component: ComponentType) {
  return render(
    <Suspense fallback={<p>Caricamento...</p>}>
      <Component />
    </Suspense>,
  );
}

describe('lazyPage', () => {
  it('draws a preloaded page in its first render, without the fallback', async () => {
    const LazyPage = lazyPage(() => Promise.resolve({ default: Page }));
    await LazyPage.preload();
    renderInSuspense(LazyPage);
    expect(screen.queryByText('La pagina')).not.toBeNull();
    expect(screen.queryByText('Caricamento...')).toBeNull();
  });

  it('shows the fallback until a page that was not preloaded has loaded, and loads it once', async () => {
    let loads = 0;
    const LazyPage = lazyPage(() => {
      loads += 1;
      return Promise.resolve({ default: Page });
    });
    renderInSuspense(LazyPage);
    expect(screen.queryByText('Caricamento...')).not.toBeNull();
    await screen.findByText('La pagina');
    await LazyPage.preload();
    expect(loads).toBe(1);
  });
});
