import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The security headers' settings: a content security policy that fits the single-page app. */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Step media, route images and map tiles may come from other hosts over HTTPS.
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      mediaSrc: ["'self'", 'blob:', 'https:'],
      connectSrc: ["'self'"],
      // The QR decoder runs in a worker started from a blob: URL; 'self' keeps service workers.
      workerSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // Camera and location are the point of the player app; nothing else is needed.
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets with `options`, computed once: they depend on nothing of the request
 * (no nonces, no per-request directives), and building them per request (as @fastify/helmet
 * does) took 8 % of a cached read's time (decision 0049).
 */
export function computeSecurityHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err instanceof Error) throw err;
  });
  return [...headers];
}

/** Security headers on every answer, the same set each time, written in one hook. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = computeSecurityHeaders(HELMET_OPTIONS);
  app.addHook('onRequest', (_request, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of headers) res.setHeader(name, value);
    // helmet removes it too; Fastify never sets it.
    res.removeHeader('x-powered-by');
    done();
  });
}
