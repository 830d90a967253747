import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@tappa/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF protection for cookie-authenticated writes: every unsafe request to an API route must
 * carry the `x-tappa-csrf` header with the one value the web app sends, `1`: empty, `0`, any
 * other value or the header twice is refused like a missing one (decision 0059). A cross-site
 * form cannot set a header, and a cross-site script cannot send one without a CORS preflight,
 * which this server never allows. The route is the one
 * the router matched, not the raw URL, so a path spelt with percent-encoded letters
 * (`/%61pi/…`) is checked like `/api/…`. Signed webhooks carry no cookie and need no header.
 */
export function registerCsrfProtection(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    // A webhook comes from the provider's servers, not a browser: its signature protects it.
    if (request.routeOptions.config.endpoint?.access === 'signed-webhook') return;
    const value = request.headers[CSRF_HEADER];
    if (value !== CSRF_HEADER_VALUE) throw new AppError('csrf_header_missing');
  });
}
