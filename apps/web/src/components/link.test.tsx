import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInRouter } from '../test/render-in-router';
import { Link, NavTab } from './link';

function renderLinks(url: string) {
  const links = (
    <nav>
      <Link to="/demo/start" className="go">
        Start
      </Link>
      <Link to="/demo/select-route" target="_blank" rel="noopener">
        Routes in a new tab
      </Link>
      <NavTab to="/demo/routes" className="tab" activeClassName="tab--active">
        Routes
      </NavTab>
      <NavTab to="/demo/media" className="tab" activeClassName="tab--active">
        Media
      </NavTab>
    </nav>
  );
  return renderInRouter(
    ['/demo/routes/:id', '/demo/start', '/demo/select-route'].map((path) => ({
      path,
      element: links,
    })),
    url,
  );
}

/**
 * Clicks `element`; answers whether the app prevented the browser's own navigation (which is then
 * prevented anyway: jsdom cannot load another document).
 */
function clickPrevents(element: HTMLElement, init?: MouseEventInit): boolean {
  let prevented = false;
  const afterTheApp = (event: Event) => {
    prevented = event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', afterTheApp);
  fireEvent.click(element, init);
  window.removeEventListener('click', afterTheApp);
  return prevented;
}

describe('Link', () => {
  it('is an anchor to the address, with its own attributes', () => {
    renderLinks('/demo/routes/1');
    const link = screen.getByRole('link', { name: 'Start' });
    expect(link.getAttribute('href')).toBe('/demo/start');
    expect(link.className).toBe('go');
  });

  it('navigates in place on a plain click', () => {
    const router = renderLinks('/demo/routes/1');
    expect(clickPrevents(screen.getByRole('link', { name: 'Start' }))).toBe(true);
    expect(router.state.location.pathname).toBe('/demo/start');
  });

  it('leaves a click with a modifier key, or into another tab, to the browser', () => {
    const router = renderLinks('/demo/routes/1');
    expect(clickPrevents(screen.getByRole('link', { name: 'Start' }), { ctrlKey: true })).toBe(
      false,
    );
    expect(clickPrevents(screen.getByRole('link', { name: 'Routes in a new tab' }))).toBe(false);
    expect(router.state.location.pathname).toBe('/demo/routes/1');
  });
});

describe('NavTab', () => {
  it('marks the tab of the current address and of the pages below it', () => {
    renderLinks('/demo/routes/1');
    const routes = screen.getByRole('link', { name: 'Routes' });
    expect(routes.getAttribute('aria-current')).toBe('page');
    expect(routes.className).toBe('tab tab--active');
    const media = screen.getByRole('link', { name: 'Media' });
    expect(media.getAttribute('aria-current')).toBeNull();
    expect(media.className).toBe('tab');
  });
});
