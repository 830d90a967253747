import { afterEach, describe, expect, it } from 'vitest';
import { createBrowserHistory, createMemoryHistory, resolveAddress } from './history';
import type { HistoryUpdate } from './history';

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe('resolveAddress', () => {
  it('resolves absolute, relative and query-only addresses against the current one', () => {
    const from = { pathname: '/demo/routes', search: '?a=1' };
    expect(resolveAddress('/x/y?b=2#c', from)).toEqual({
      pathname: '/x/y',
      search: '?b=2',
      hash: '#c',
    });
    expect(resolveAddress('?tab=brand', from)).toEqual({
      pathname: '/demo/routes',
      search: '?tab=brand',
      hash: '',
    });
    expect(resolveAddress('media', from).pathname).toBe('/demo/media');
  });
});

describe('createMemoryHistory', () => {
  it('pushes, replaces and moves back and forward, telling its listeners', () => {
    const history = createMemoryHistory(['/a']);
    const seen: HistoryUpdate[] = [];
    stops.push(history.listen((update) => seen.push(update)));
    history.push('/b', { from: 'a' });
    history.replace('/c?x=1');
    history.go(-1);
    expect(seen.map(({ action, location, delta }) => [action, location.pathname, delta])).toEqual([
      ['PUSH', '/b', null],
      ['REPLACE', '/c', null],
      ['POP', '/a', -1],
    ]);
    expect(seen[0]?.location.state).toEqual({ from: 'a' });
    history.go(1);
    expect(history.location).toMatchObject({ pathname: '/c', search: '?x=1', state: null });
    history.go(5);
    expect(seen).toHaveLength(4);
  });

  it('drops the entries ahead of a push', () => {
    const history = createMemoryHistory(['/a', '/b']);
    history.go(-1);
    history.push('/c');
    history.go(1);
    expect(history.location.pathname).toBe('/c');
    history.go(-1);
    expect(history.location.pathname).toBe('/a');
  });
});

describe('createBrowserHistory', () => {
  it('writes entries with their state and counts how far back and forward went', async () => {
    window.history.replaceState(null, '', '/start');
    const history = createBrowserHistory();
    const seen: HistoryUpdate[] = [];
    stops.push(history.listen((update) => seen.push(update)));
    history.push('/one', { n: 1 });
    history.push('/two?q=2');
    expect(window.location.pathname + window.location.search).toBe('/two?q=2');
    expect(history.location).toMatchObject({ pathname: '/two', search: '?q=2', state: null });
    const keys = new Set(seen.map(({ location }) => location.key));
    expect(keys.size).toBe(2);

    history.go(-2);
    await expect.poll(() => seen.length).toBe(3);
    expect(seen[2]).toMatchObject({ action: 'POP', delta: -2, location: { pathname: '/start' } });
    history.go(1);
    await expect.poll(() => seen.length).toBe(4);
    expect(seen[3]).toMatchObject({ delta: 1, location: { pathname: '/one', state: { n: 1 } } });
  });
});
