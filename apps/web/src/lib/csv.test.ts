import { describe, expect, it } from 'vitest';
import { csvText } from './csv';

describe('csvText', () => {
  it('writes a BOM, the header, then the rows with CRLF; numbers raw, nothing empty', () => {
    expect(
      csvText(
        ['Tappa', 'Tempo (ms)'],
        [
          ['Trevi', 245000.5],
          ['Pantheon', null],
        ],
      ),
    ).toBe('\uFEFFTappa,Tempo (ms)\r\nTrevi,245000.5\r\nPantheon,\r\n');
  });

  it('quotes cells with commas, quotes or line breaks and never lets a text run as a formula', () => {
    const rows = [['a,b', 'say "hi"', 'two\nlines', '=SUM(A1)', '+39', '-', '@x', -3]];
    expect(csvText(['h'], rows).split('\r\n')[1]).toBe(
      `"a,b","say ""hi""","two\nlines",'=SUM(A1),'+39,'-,'@x,-3`,
    );
  });
});
