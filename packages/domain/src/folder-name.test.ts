import { describe, expect, it } from 'vitest';
import { REFUSED_FOLDER_NAMES, TAKEN_FOLDER_NAMES } from './fixtures/folder-names';
import { isValidFolderName } from './folder-name';

describe('isValidFolderName', () => {
  it.each([...TAKEN_FOLDER_NAMES, 'x'])('takes %j', (name) => {
    expect(isValidFolderName(name)).toBe(true);
  });

  it.each(['', 'a\u0000b', ...REFUSED_FOLDER_NAMES])('refuses %j', (name) => {
    expect(isValidFolderName(name)).toBe(false);
  });
});
