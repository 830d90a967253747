import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isStaleChunkError, RouteError } from './route-error';

function renderFailing(error: Error) {
  const router = createMemoryRouter([
    {
      path: '/',
      errorElement: <RouteError />,
      Component: () => {
        throw error;
      },
    },
  ]);
  render(<RouterProvider router={router} />);
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
});
