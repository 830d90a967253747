import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { detectMediaType } from './media-type';

const demo = (name: string) =>
  fileURLToPath(new URL(`../modules/routes/sample-media/${name}`, import.meta.url));

describe('detectMediaType for MP4 files', () => {
  it('tells a sound-only MP4 (brand isom) from a video by its tracks', async () => {
    expect(await detectMediaType(demo('campo-de-fiori.m4a'), 'clip.mp4')).toMatchObject({
      contentType: 'audio/mp4',
      ext: 'm4a',
    });
    expect(await detectMediaType(demo('vittoriano.mp4'), 'clip.m4a')).toMatchObject({
      contentType: 'video/mp4',
      ext: 'mp4',
    });
  });
});
