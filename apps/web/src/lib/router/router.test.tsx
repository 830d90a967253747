import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryHistory } from './history';
import {
  matchRoutes,
  Navigate,
  Outlet,
  Router,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from './router';
import type { RouteObject } from './router';

function Params() {
  return <output data-testid="params">{JSON.stringify(useParams())}</output>;
}

function Layout({ name }: { name: string }) {
  return (
    <section aria-label={name}>
      <Outlet />
    </section>
  );
}

const ROUTES: RouteObject[] = [
  {
    element: <Layout name="root" />,
    children: [
      { path: '/:tenantSlug/:routeSlug/play', element: <Params />, handle: 'play' },
      { path: '/:tenantSlug/gioco/step', element: <Params />, handle: 'game' },
      {
        element: <Layout name="guard" />,
        children: [{ path: '/:tenantSlug/routes', element: <Params /> }],
      },
      { path: '*', element: <Navigate to="/" replace /> },
      { path: '/', element: <h1>Home</h1> },
    ],
  },
];

function Routes() {
  return useRoutes(ROUTES);
}

function renderAt(url: string, ui = <Routes />) {
  const history = createMemoryHistory([url]);
  render(<Router history={history}>{ui}</Router>);
  return history;
}

describe('matchRoutes', () => {
  it('picks the most specific pattern and returns its layouts, outermost first', () => {
    const match = matchRoutes(ROUTES, '/demo/gioco/step');
    expect(match?.branch.at(-1)?.handle).toBe('game');
    expect(match?.branch).toHaveLength(2);
    expect(match?.params).toEqual({ tenantSlug: 'demo' });
    expect(matchRoutes(ROUTES, '/demo/giro/play')?.branch.at(-1)?.handle).toBe('play');
    expect(matchRoutes(ROUTES, '/demo/routes')?.branch).toHaveLength(3);
    expect(matchRoutes([{ path: '/a', element: null }], '/b')).toBeNull();
  });
});

describe('useRoutes', () => {
  it('draws the page inside its layouts with the path parameters', () => {
    renderAt('/demo/routes');
    const guard = screen.getByRole('region', { name: 'guard' });
    expect(screen.getByRole('region', { name: 'root' }).contains(guard)).toBe(true);
    expect(screen.getByTestId('params').textContent).toBe('{"tenantSlug":"demo"}');
  });

  it('redirects an unknown path through Navigate, replacing the entry', () => {
    const history = renderAt('/nowhere/at/all');
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(history.action).toBe('REPLACE');
    expect(history.location.pathname).toBe('/');
  });

  it('draws again on every move', () => {
    const history = renderAt('/demo/giro/play');
    expect(screen.getByTestId('params').textContent).toContain('"routeSlug":"giro"');
    act(() => history.push('/acme/routes'));
    expect(screen.getByTestId('params').textContent).toBe('{"tenantSlug":"acme"}');
  });
});

describe('navigation hooks', () => {
  function Controls() {
    const navigate = useNavigate();
    const location = useLocation();
    const [params, setParams] = useSearchParams();
    return (
      <div>
        <output data-testid="where">{`${location.pathname}${location.search}`}</output>
        <output data-testid="tab">{params.get('tab') ?? ''}</output>
        <button type="button" onClick={() => navigate('/b', { state: { from: 'a' } })}>
          push
        </button>
        <button type="button" onClick={() => setParams({ tab: 'brand' }, { replace: true })}>
          tab
        </button>
        <button type="button" onClick={() => navigate(-1)}>
          back
        </button>
      </div>
    );
  }

  it('moves with state, sets the query on the same path and goes back', () => {
    const history = renderAt('/a', <Controls />);
    act(() => screen.getByRole('button', { name: 'push' }).click());
    expect(history.location).toMatchObject({ pathname: '/b', state: { from: 'a' } });
    act(() => screen.getByRole('button', { name: 'tab' }).click());
    expect(screen.getByTestId('where').textContent).toBe('/b?tab=brand');
    expect(screen.getByTestId('tab').textContent).toBe('brand');
    expect(history.action).toBe('REPLACE');
    act(() => screen.getByRole('button', { name: 'back' }).click());
    expect(screen.getByTestId('where').textContent).toBe('/a');
  });

  it('refuses to run outside a router', () => {
    expect(() => render(<Controls />)).toThrow(/outside <Router>/);
  });
});
