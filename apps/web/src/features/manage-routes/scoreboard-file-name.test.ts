import { describe, expect, it } from 'vitest';
import { localDateStamp, scoreboardFileName } from './scoreboard-file-name';

describe('scoreboard file name', () => {
  it("uses today's local date", () => {
    const lateEvening = new Date(2025, 11, 31, 23, 59);
    expect(localDateStamp(lateEvening)).toBe('2025-12-31');
    expect(scoreboardFileName('acme', 'giro', new Date(2025, 0, 2, 0, 1))).toBe(
      'acme-giro-scoreboard-2025-01-02.csv',
    );
  });
});
