import { describe, expect, it } from 'vitest';
import { matchPath, specificityOf } from './match-path';

describe('matchPath', () => {
  it.each([
    ['/', '/', {}],
    ['/:tenantSlug/start', '/demo/start', { tenantSlug: 'demo' }],
    ['/:tenantSlug/start', '/demo/start/', { tenantSlug: 'demo' }],
    ['/:tenantSlug/start', '/demo/START', { tenantSlug: 'demo' }],
    [
      '/:tenantSlug/:routeSlug/details',
      '/demo/giro%20roma/details',
      {
        tenantSlug: 'demo',
        routeSlug: 'giro roma',
      },
    ],
    [
      '/:tenantSlug/:routeSlug/details',
      '/demo/%E0%A4%A/details',
      {
        tenantSlug: 'demo',
        routeSlug: '%E0%A4%A',
      },
    ],
    ['*', '/a/b/c', { '*': 'a/b/c' }],
  ])('matches %s against %s', (pattern, pathname, params) => {
    expect(matchPath(pattern, pathname)).toEqual({ params });
  });

  it.each([
    ['/', '/demo'],
    ['/:tenantSlug/start', '/demo'],
    ['/:tenantSlug/start', '/demo/start/more'],
    ['/:tenantSlug/start', '/demo/stop'],
    ['/login', '/'],
  ])('does not match %s against %s', (pattern, pathname) => {
    expect(matchPath(pattern, pathname)).toBeNull();
  });

  it('matches the start of a path when asked', () => {
    expect(matchPath('/demo/routes', '/demo/routes/1/steps', { end: false })).toEqual({
      params: {},
    });
    expect(matchPath('/demo/routes', '/demo/route', { end: false })).toBeNull();
  });
});

describe('specificityOf', () => {
  it('ranks static segments above parameters, and the catch-all last', () => {
    const ranked = ['*', '/:tenantSlug/:routeSlug/play', '/:tenantSlug/gioco/step', '/'].sort(
      (a, b) => specificityOf(b) - specificityOf(a),
    );
    expect(ranked).toEqual(['/:tenantSlug/gioco/step', '/:tenantSlug/:routeSlug/play', '/', '*']);
  });
});
