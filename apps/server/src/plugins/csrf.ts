import { CSRF_HEADER } from '@tappa/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF protection for cookie-authenticated writes: every unsafe request to an API route must
 * carry the `x-tappa-csrf` header. A cross-site form cannot set a header, and a cross-site script
 * cannot send one without a CORS preflight, which this server never allows. The route is the one
 * the router matched, not the raw URL, so a path spelt with percent-encoded letters
 * (`/%61pi/…`) is checked like `/api/…`. Signed webhooks carry no cookie and need no header.
 */
export function registerCsrfProtection(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    // A webhook comes from the provider's servers, not a browser: its signature protects it.
    if (request.routeOptions.config.access === 'signed-webhook') return;
    if (request.headers[CSRF_HEADER] === undefined) throw new AppError('csrf_header_missing');
  });
}
