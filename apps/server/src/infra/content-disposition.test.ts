import { describe, expect, it } from 'vitest';
import { attachment } from './content-disposition';

describe('attachment', () => {
  it.each([
    ['roma-foto.zip', `attachment; filename="roma-foto.zip"; filename*=UTF-8''roma-foto.zip`],
    [
      'roma-I Leoni (2).zip',
      `attachment; filename="roma-I Leoni (2).zip"; filename*=UTF-8''roma-I%20Leoni%20%282%29.zip`,
    ],
    [
      'roma-Caffè ☕.zip',
      `attachment; filename="roma-Caffe _.zip"; filename*=UTF-8''roma-Caff%C3%A8%20%E2%98%95.zip`,
    ],
    [`a"b\\c'd.zip`, `attachment; filename="a_b_c'd.zip"; filename*=UTF-8''a%22b%5Cc%27d.zip`],
  ])('names %j', (fileName, header) => {
    expect(attachment(fileName)).toBe(header);
  });
});
