import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isStaleChunkError, PageErrorBoundary } from './route-error';

/** A page that fails to render with `error` while `failing` says so. */
function Page({ error, failing }: { error: Error; failing: boolean }) {
  if (failing) throw error;
  return <p>La pagina</p>;
}

function renderFailing(error: Error) {
  return render(
    <PageErrorBoundary pathname="/">
      <Page error={error} failing />
    </PageErrorBoundary>,
  );
}

describe('RouteError', () => {
  afterEach(() => {
    sessionStorage.clear();
    vi.restoreAllMocks();
  });

  it('recognises a missing page chunk', () => {
    expect(
      isStaleChunkError(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).toBe(true);
    expect(isStaleChunkError(new Error('boom'))).toBe(false);
  });

  it('reloads once when a page chunk is gone, then only shows the message', () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderFailing(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toContain('Qualcosa è andato storto');
  });

  it('does not reload for other errors', () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderFailing(new Error('boom'));
    expect(reload).not.toHaveBeenCalled();
    expect(
      screen.getByRole('link', { name: 'Torna alla pagina iniziale' }).getAttribute('href'),
    ).toBe('/');
  });

  it('clears the error when the app moves to another page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = renderFailing(new Error('boom'));
    expect(screen.queryByRole('alert')).not.toBeNull();
    rerender(
      <PageErrorBoundary pathname="/demo/start">
        <Page error={new Error('boom')} failing={false} />
      </PageErrorBoundary>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('La pagina')).not.toBeNull();
  });
});
