import { describe, expect, it } from 'vitest';
import { pathAfterStart, returnState } from './return-path';

describe("the start screen's way back", () => {
  it('keeps the path and the query of the page that sent the team', () => {
    const state = returnState({ pathname: '/acme/centro/details', search: '?code=ABCD2345' });
    expect(state).toEqual({ returnTo: '/acme/centro/details?code=ABCD2345' });
    expect(pathAfterStart(state, 'acme')).toBe('/acme/centro/details?code=ABCD2345');
  });

  it.each([
    ['no state', null],
    ['another shape', { email: 'team@example.com' }],
    ['a path that is not text', { returnTo: 42 }],
    ['another tenant', { returnTo: '/other/centro/details' }],
    ['another site', { returnTo: '//evil.example/acme/' }],
    ['a page outside the tenant', { returnTo: '/superadmin' }],
    ['a slug that only starts alike', { returnTo: '/acme-bis/centro/details' }],
  ])('goes to select-route with %s', (_case, state) => {
    expect(pathAfterStart(state, 'acme')).toBe('/acme/select-route');
  });
});
