import { describe, expect, it } from 'vitest';
import { formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024 - 1, '1 MB'],
    [1024 * 1024, '1 MB'],
    [5 * 1024 * 1024 + 123_456, '5.12 MB'],
    [1024 ** 3, '1 GB'],
    [3 * 1024 ** 4, '3072 GB'],
    [-5, '0 Bytes'],
  ])('%i bytes read %s', (sizeBytes, expected) => {
    expect(formatFileSize(sizeBytes)).toBe(expected);
  });

  it("writes the decimals the locale's way", () => {
    expect(formatFileSize(1536, 'it')).toBe('1,5 KB');
  });
});
