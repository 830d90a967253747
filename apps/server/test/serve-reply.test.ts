import { files } from '@tappa/contracts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import type { Access } from '../src/modules/access/access';
import { servesOn } from '../src/modules/access/serve';

// A handler may send the reply itself (a file, a download with its own headers) and return it:
// `serve` must not send it a second time (Fastify logs FST_ERR_REP_ALREADY_SENT when it does).
it('leaves a reply the handler sent itself alone', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const serve = servesOn(app, {} as Access);
  serve(files.read, {}, { tags: [] }, async ({ reply }) =>
    reply.header('x-sent-by', 'handler').send({ status: 'ok' }),
  );
  try {
    const response = await app.inject({ method: 'GET', url: '/files/route-images/a/b.png' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-sent-by']).toBe('handler');
    expect(response.json()).toEqual({ status: 'ok' });
    expect(lines.filter((line) => line.includes('FST_ERR_REP_ALREADY_SENT'))).toEqual([]);
  } finally {
    await app.close();
  }
});
