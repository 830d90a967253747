import { describe, expect, it } from 'vitest';
import { spreadsheetText } from './spreadsheet';

describe('spreadsheetText', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+39 333', "'+39 333"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\tTab', "'\tTab"],
    ['\rCr', "'\rCr"],
    ['Le Volpi', 'Le Volpi'],
    ['a=b', 'a=b'],
    ['', ''],
  ])('%j → %j', (value, safe) => {
    expect(spreadsheetText(value)).toBe(safe);
  });
});
