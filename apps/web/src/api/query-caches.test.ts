import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The rule of docs/architecture.md ("Two query caches", decision 0053): an api/ file reads through
// React Query (the staff's) or through lib/query (the phone's), never both; a staff file may
// write to the phone's cache (`queryStore`) when it changes public data. The two caches' keys never
// share a first segment.
const dir = path.dirname(fileURLToPath(import.meta.url));
const sources = readdirSync(dir)
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
  .map((name) => ({ name, text: readFileSync(path.join(dir, name), 'utf8') }));

/** The first segments of the query keys a file declares (`['play', slug, …] as const`). */
const keyRoots = (text: string) =>
  [...text.matchAll(/\[\s*'([a-z-]+)'[^\]]*\]\s*as const/g)].map((match) => match[1]);

describe('the two query caches', () => {
  const staff = sources.filter((s) => s.text.includes("from '@tanstack/react-query'"));
  const phone = sources.filter((s) => !staff.includes(s) && s.text.includes("from '../lib/query'"));

  it('reads the staff files only through React Query, writing to the phone cache at most', () => {
    const reading = /import \{([^}]*)\} from '\.\.\/lib\/query'/;
    const readsPhone = staff.filter((s) => {
      const names = reading.exec(s.text)?.[1]?.trim();
      return names !== undefined && names !== 'queryStore';
    });
    expect(readsPhone.map((s) => s.name)).toEqual([]);
  });

  it("keeps the phone's keys and the staff's apart", () => {
    const phoneRoots = new Set(phone.flatMap((s) => keyRoots(s.text)));
    const staffRoots = new Set(staff.flatMap((s) => keyRoots(s.text)));
    expect(phoneRoots.size).toBeGreaterThan(0);
    expect(staffRoots.size).toBeGreaterThan(0);
    expect([...phoneRoots].filter((root) => staffRoots.has(root))).toEqual([]);
  });
});
