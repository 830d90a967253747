import { files } from '@tappa/contracts';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { get } from 'node:http';
import { Readable, Writable } from 'node:stream';
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

// A download whose reader goes away in the middle: the handler's reply (a thenable) settles
// without the response having ended, and `serve` must not answer it again (Fastify would log
// FST_ERR_REP_ALREADY_SENT and a failed request on a reply that was fine).
it('leaves a streamed reply alone when its reader goes away', async () => {
  const lines: string[] = [];
  const log = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: { level: 'warn', stream: log } });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const serve = servesOn(app, {} as Access);
  const body = new Readable({
    read() {
      this.push(Buffer.alloc(64 * 1024));
    },
  });
  const closed = new Promise((resolve) => body.once('close', resolve));
  let settled = false;
  serve(files.read, {}, { tags: [] }, async ({ reply }) => {
    try {
      return await reply.type('application/octet-stream').send(body);
    } finally {
      settled = true;
    }
  });
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve, reject) => {
      const request = get(`${address}/files/route-images/a/b.png`, (response) => {
        response.once('data', () => {
          request.destroy();
          resolve();
        });
      });
      request.on('error', reject);
    });
    await closed;
    while (!settled) await new Promise((resolve) => setImmediate(resolve));
    for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(lines.filter((line) => /already sent|request failed/i.test(line))).toEqual([]);
  } finally {
    await app.close();
  }
});
