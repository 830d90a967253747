import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Security headers with a content security policy that fits the single-page app. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
  });
}
