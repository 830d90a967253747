import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import { text as readText } from 'node:stream/consumers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRecordingLogger } from '../../../test/helpers/recording-logger';
import { MailDeliveryError } from './mailer';
import { Smtp2goMailer } from './smtp2go.mailer';

const API_KEY = 'api-TEST1234';

interface CapturedRequest {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A stand-in for api.smtp2go.com that validates requests like the real API and answers in its shape. */
describe('Smtp2goMailer', () => {
  const requests: CapturedRequest[] = [];
  let server: Server;
  let baseUrl: string;
  let mode: 'ok' | 'reject' = 'ok';

  beforeAll(async () => {
    server = createServer((req, res) => {
      void readText(req).then((raw) => {
        const body: unknown = JSON.parse(raw);
        requests.push({ method: req.method, url: req.url, headers: req.headers, body });
        const valid =
          req.method === 'POST' &&
          req.url === '/v3/email/send' &&
          req.headers['x-smtp2go-api-key'] === API_KEY &&
          req.headers['content-type'] === 'application/json';
        res.setHeader('Content-Type', 'application/json');
        if (!valid || mode === 'reject') {
          res.statusCode = 400;
          const error = valid ? 'Sender is not verified: noreply@unverified.test' : 'Bad request';
          res.end(
            JSON.stringify({
              request_id: 'req-2',
              data: { error, error_code: 'E_ApiResponseCodes.NON_VALIDATING_IN_PAYLOAD' },
            }),
          );
          return;
        }
        res.end(
          JSON.stringify({
            request_id: 'req-1',
            data: { succeeded: 1, failed: 0, failures: [], email_id: '1er8bV-6Tw0Mi-7h' },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => {
      server.listen(0, '127.0.0.1', resolve);
    });
    const address = server.address();
    if (address === null || typeof address === 'string')
      throw new Error('HTTP server not listening');
    baseUrl = `http://127.0.0.1:${address.port}/v3`;
  });

  beforeEach(() => {
    mode = 'ok';
    requests.length = 0;
  });

  afterAll(async () => {
    await new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
    });
  });

  it('posts the documented JSON to /email/send and returns the email_id', async () => {
    const logger = createRecordingLogger();
    const mailer = new Smtp2goMailer({
      apiKey: API_KEY,
      sender: 'Tappa <hello@tappa.test>',
      baseUrl,
      logger,
    });

    const sent = await mailer.send({
      to: 'ada@example.test',
      subject: 'Your team code',
      text: 'Code: 1234',
      html: '<p>Code: <b>1234</b></p>',
    });

    expect(sent).toEqual({ id: '1er8bV-6Tw0Mi-7h', transport: 'smtp2go' });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/v3/email/send');
    expect(request?.headers['x-smtp2go-api-key']).toBe(API_KEY);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.body).toEqual({
      sender: 'Tappa <hello@tappa.test>',
      to: ['ada@example.test'],
      subject: 'Your team code',
      text_body: 'Code: 1234',
      html_body: '<p>Code: <b>1234</b></p>',
    });
    expect(logger.entries.map((entry) => entry.level)).toEqual(['info']);
  });

  it('omits html_body when there is no HTML part', async () => {
    const mailer = new Smtp2goMailer({
      apiKey: API_KEY,
      sender: 'hello@tappa.test',
      baseUrl: `${baseUrl}/`,
      logger: createRecordingLogger(),
    });
    await mailer.send({ to: 'b@example.test', subject: 'Plain', text: 'just text' });
    expect(requests[0]?.body).toEqual({
      sender: 'hello@tappa.test',
      to: ['b@example.test'],
      subject: 'Plain',
      text_body: 'just text',
    });
  });

  it('turns an HTTP 400 into MailDeliveryError carrying the provider error text', async () => {
    mode = 'reject';
    const logger = createRecordingLogger();
    const mailer = new Smtp2goMailer({
      apiKey: API_KEY,
      sender: 'noreply@unverified.test',
      baseUrl,
      logger,
    });

    const attempt = mailer.send({ to: 'c@example.test', subject: 'Hi', text: 'x' });
    await expect(attempt).rejects.toBeInstanceOf(MailDeliveryError);
    await expect(attempt).rejects.toMatchObject({
      transport: 'smtp2go',
      message: expect.stringContaining(
        'Sender is not verified: noreply@unverified.test',
      ) as unknown,
    });
    expect(logger.entries.map((entry) => entry.level)).toEqual(['error']);
  });

  it('rejects a 200 response that does not report success', async () => {
    const fetchImpl: typeof fetch = () =>
      Promise.resolve(
        Response.json({
          request_id: 'r',
          data: { succeeded: 0, failed: 1, failures: ['c@example.test: bounced'] },
        }),
      );
    const mailer = new Smtp2goMailer({
      apiKey: API_KEY,
      sender: 's@tappa.test',
      baseUrl,
      logger: createRecordingLogger(),
      fetchImpl,
    });
    await expect(mailer.send({ to: 'c@example.test', subject: 'Hi', text: 'x' })).rejects.toThrow(
      /bounced/,
    );
  });

  it('wraps network failures in MailDeliveryError', async () => {
    const mailer = new Smtp2goMailer({
      apiKey: API_KEY,
      sender: 's@tappa.test',
      baseUrl: 'http://127.0.0.1:1/v3',
      logger: createRecordingLogger(),
    });
    await expect(
      mailer.send({ to: 'c@example.test', subject: 'Hi', text: 'x' }),
    ).rejects.toBeInstanceOf(MailDeliveryError);
  });
});
