import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { layoutModulesOf } from './page-access';
import { APP_ROUTES } from './route-list';

const SOURCE = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

describe('layoutModulesOf', () => {
  it('wraps a staff page in its data and guard, a superadmin page also in its shell', () => {
    expect(layoutModulesOf('/:tenantSlug/live')).toEqual([
      'app/staff-data',
      'components/require-auth',
    ]);
    expect(layoutModulesOf('/superadmin')).toEqual([
      'app/staff-data',
      'components/require-auth',
      'components/app-shell-layout',
    ]);
    expect(layoutModulesOf('/login')).toEqual(['app/staff-data']);
  });

  it("adds nothing to the players' pages and the big screen", () => {
    expect(layoutModulesOf('/:tenantSlug/start')).toEqual([]);
    expect(layoutModulesOf('/:tenantSlug/gioco/step')).toEqual([]);
    expect(layoutModulesOf('/:tenantSlug/classifica')).toEqual([]);
  });

  it('names modules the router loads lazily, each a file of src/', () => {
    const router = readFileSync(path.join(SOURCE, 'app', 'router.tsx'), 'utf8');
    const layouts = new Set(APP_ROUTES.flatMap(({ path: page }) => layoutModulesOf(page)));
    expect(layouts.size).toBe(3);
    for (const layout of layouts) {
      expect(existsSync(path.join(SOURCE, `${layout}.tsx`))).toBe(true);
      // The router imports it relative to src/app/.
      const relative = path.relative(path.join(SOURCE, 'app'), path.join(SOURCE, layout));
      const specifier = relative.startsWith('.') ? relative : `./${relative}`;
      expect(router).toContain(`await import('${specifier}')`);
    }
  });
});
