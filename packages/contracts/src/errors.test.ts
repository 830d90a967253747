import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS } from './error-codes';
import { ErrorBodySchema } from './errors';

describe('error model', () => {
  it('maps every code to a 4xx or 5xx status', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(ERROR_STATUS[code]).toBeLessThan(600);
    }
  });

  it('accepts the error body with a known code and rejects other shapes', () => {
    const body = { error: { code: 'route_slug_taken', params: { slug: 'roma' }, message: 'x' } };
    expect(ErrorBodySchema.safeParse(body).success).toBe(true);
    expect(
      ErrorBodySchema.safeParse({ error: { code: 'no_such_code', params: {}, message: 'x' } })
        .success,
    ).toBe(false);
    expect(ErrorBodySchema.safeParse({ message: 'x' }).success).toBe(false);
    expect(ErrorBodySchema.safeParse({ error: { code: 'not_found', message: 'x' } }).success).toBe(
      false,
    );
  });
});
