import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders } from './security-headers';

/** What @fastify/helmet sent with the same settings before the headers were computed once. */
const EXPECTED = {
  'content-security-policy':
    "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data: blob: https:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';media-src 'self' blob: https:;connect-src 'self';worker-src 'self' blob:",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers', () => {
  it('sends the same set on every answer, a route may override one, a 404 has them too', async () => {
    const app = Fastify();
    registerSecurityHeaders(app);
    app.get('/a', async () => 'a');
    app.get('/sandboxed', (_request, reply) =>
      reply.header('content-security-policy', 'sandbox').send('b'),
    );
    for (const path of ['/a', '/a', '/missing']) {
      const res = await app.inject(path);
      expect(res.headers).toMatchObject(EXPECTED);
      expect(res.headers).not.toHaveProperty('strict-transport-security');
      expect(res.headers).not.toHaveProperty('cross-origin-embedder-policy');
    }
    const sandboxed = await app.inject('/sandboxed');
    expect(sandboxed.headers['content-security-policy']).toBe('sandbox');
    expect(sandboxed.headers['x-frame-options']).toBe('SAMEORIGIN');
    await app.close();
  });
});
