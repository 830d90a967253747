import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './errors';

const pgError = (code: string, severity = 'ERROR') =>
  Object.assign(new Error(`pg ${code}`), { code, severity });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a statement timeout', pgError('57014')],
    ['a lock timeout', pgError('55P03')],
    ['an administrator shutdown', pgError('57P01')],
    ['a crash shutdown', pgError('57P02')],
    ['a server still starting', pgError('57P03')],
    ['a connection failure', pgError('08006')],
    ['a database that does not accept connections', pgError('55000', 'FATAL')],
    ['too many connections', pgError('53300', 'FATAL')],
    ['any error that ends the session', pgError('XX000', 'FATAL')],
    ['a refused connection', pgError('ECONNREFUSED')],
    ['a reset connection', pgError('ECONNRESET')],
    ['the pool waiting too long', new Error('timeout exceeded when trying to connect')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    [
      'a timeout wrapped by the query builder',
      new DrizzleQueryError('select 1', [], pgError('57014')),
    ],
    [
      "the identity library's error around the query builder's",
      new Error('Failed to get session', {
        cause: new DrizzleQueryError('select 1', [], pgError('55000', 'FATAL')),
      }),
    ],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505')],
    ['a missing table', pgError('42P01')],
    ['a statement refused in a state it needs (not at connect)', pgError('55000')],
    ['a wrapped syntax error', new DrizzleQueryError('selec 1', [], pgError('42601'))],
    ['a plain error', new Error('boom')],
    [
      'a message that only mentions a timeout',
      new Error('the timeout exceeded when trying to connect to S3'),
    ],
    ['nothing', undefined],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
