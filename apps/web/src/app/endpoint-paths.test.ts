import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { type AstNode, keepMethodAndPath } from '../../vite-endpoint-paths';

/** `code` after the plugin's cut. */
function strip(code: string): string {
  return keepMethodAndPath(code, parseAst(code) as unknown as AstNode);
}

describe('the endpoint-paths build plugin (decision 0060)', () => {
  it('leaves each declaration its method and path, whatever the order of its keys', () => {
    const text = strip(`
      const BASE = '/api/play/:slug';
      export const table = {
        state: endpoint({ method: 'GET', path: BASE, access: 'player', response: shape() }),
        submit: endpoint({
          access: 'tenant-staff',
          policy: 'admin',
          method: 'POST',
          path: \`\${BASE}/steps/:stepId\`,
          body: shape(),
          status: 204,
        }),
        file: endpoint({ method: 'GET', path: '/api/files/*', access: 'public' }),
      };`);
    // Still JavaScript, and nothing but the two keys is left.
    expect(() => parseAst(text)).not.toThrow();
    expect(text.replace(/\s+/g, '')).toBe(
      "constBASE='/api/play/:slug';exportconsttable={" +
        "state:({method:'GET',path:BASE,})," +
        "submit:({method:'POST',path:`${BASE}/steps/:stepId`,})," +
        "file:({method:'GET',path:'/api/files/*',}),};",
    );
  });

  it('leaves other code alone', () => {
    const code = `export const table = { other: wrap({ method: 'GET', access: 'x' }) };`;
    expect(strip(code)).toBe(code);
  });
});
