import { describe, expect, it } from 'vitest';
import { BUCKETS, StorageKeyError, assertSafeKey } from './storage';

describe('assertSafeKey', () => {
  it.each(['a', 't1/r1.png', 'tenant-1/route_2.v3.png', 'a/b/c/d.e', '..x/y..', 'x'.repeat(512)])(
    'accepts %j',
    (key) => {
      expect(() => assertSafeKey(key)).not.toThrow();
    },
  );

  it.each([
    '',
    '.',
    '..',
    '../x',
    '/abs',
    'a//b',
    'a/../b',
    'a/./b',
    'a\\b',
    'a/',
    'a b',
    'a?b',
    'a%2fb',
    'ä.png',
    'x'.repeat(513),
  ])('rejects %j with StorageKeyError', (key) => {
    expect(() => assertSafeKey(key)).toThrow(StorageKeyError);
  });

  it('lists the five buckets', () => {
    expect(BUCKETS).toEqual([
      'brand-assets',
      'route-images',
      'team-avatars',
      'game-photos',
      'media-library',
    ]);
  });
});
