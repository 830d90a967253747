import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/** The path (`steps.0.task`) of the first text or key holding a NUL character, or null. */
export function findNulText(value: unknown, path: string): string | null {
  // Deep documents are walked without recursion: nesting depth is the client's choice.
  const pending: [unknown, string][] = [[value, path]];
  while (pending.length > 0) {
    const [item, at] = pending.pop()!;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return at;
    } else if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        const childPath = at ? `${at}.${key}` : key;
        if (key.includes('\u0000')) return childPath;
        pending.push([child, childPath]);
      }
    }
  }
  return null;
}

/**
 * Refuses text holding a NUL character with `validation_failed`: no text column can store it
 * (PostgreSQL refuses it in text and jsonb), and no form has a reason to send it.
 */
export function refuseNulText(value: unknown, path: string): void {
  const at = findNulText(value, path);
  if (at !== null) {
    throw new AppError(
      'validation_failed',
      { fields: at || 'request' },
      { message: `${at || 'request'}: NUL character` },
    );
  }
}

/** Refuses a NUL character anywhere in a request's path parameters, query or JSON body. */
export function registerNulRefusal(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    refuseNulText(request.params, '');
    refuseNulText(request.query, '');
    // A raw body kept as bytes (a signed webhook) is no text: walking it byte by byte is waste.
    if (!Buffer.isBuffer(request.body)) refuseNulText(request.body, '');
  });
}
