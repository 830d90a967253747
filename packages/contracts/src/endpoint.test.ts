import { describe, expect, it } from 'vitest';
import { endpoint, paramsIn, urlOf } from './endpoint';
import { files } from './endpoints/files';
import { games } from './endpoints/games';
import { paramsSchemaOf } from './params';

describe('the endpoint table', () => {
  it('fills a path with its parameters, each URL-encoded', () => {
    expect(urlOf(games.submit, { slug: 'demo', gameId: 'g 1', stepId: 's/2' })).toBe(
      '/api/play/demo/games/g%201/steps/s%2F2/submit',
    );
  });

  it('reads the parameters of a URL of a path, and nothing of another path', () => {
    expect(paramsIn(games.pause, '/api/play/demo/games/g%201/pause')).toEqual({
      slug: 'demo',
      gameId: 'g 1',
    });
    expect(paramsIn(games.pause, '/api/play/demo/games/g1')).toBeNull();
    expect(paramsIn(games.pause, '/api/play/demo/games/g1/pause/x')).toBeNull();
    expect(paramsIn(games.state, '/api/play/demo/games/g1')).toEqual({
      slug: 'demo',
      gameId: 'g1',
    });
  });

  it('checks a path parameter with the one schema of its name, and knows every name it meets', () => {
    const schema = paramsSchemaOf(games.submit.path);
    const ids = { gameId: crypto.randomUUID(), stepId: crypto.randomUUID() };
    expect(schema.safeParse({ slug: 'demo', ...ids }).success).toBe(true);
    expect(schema.safeParse({ slug: 'demo', ...ids, gameId: 'not-a-uuid' }).success).toBe(false);
    const unknown = endpoint({ method: 'GET', path: '/api/x/:mystery', access: 'public' });
    expect(() => paramsSchemaOf(unknown.path)).toThrow(':mystery');
  });

  it("keeps a path's trailing wildcard, the rest of the URL", () => {
    const params = { bucket: 'media-library', '*': 'tenant/a/b.png' };
    expect(paramsSchemaOf(files.read.path).parse(params)).toEqual(params);
    const url = urlOf(files.read, { bucket: 'media-library', '*': 'tenant/a b/c.png' });
    expect(url).toBe('/files/media-library/tenant/a%20b/c.png');
    expect(paramsIn(files.read, url)).toEqual({ bucket: 'media-library', '*': 'tenant/a b/c.png' });
    expect(paramsIn(files.read, '/files/media-library')).toBeNull();
  });
});
