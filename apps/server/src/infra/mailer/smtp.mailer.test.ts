import { text as readText } from 'node:stream/consumers';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordingLogger } from '../../../test/helpers/recording-logger';
import { MailDeliveryError } from './mailer';
import { SmtpMailer } from './smtp.mailer';

interface Received {
  from: string | false;
  to: string[];
  user: string | undefined;
  raw: string;
}

const REJECTED = 'blocked@example.test';

describe('SmtpMailer', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      secure: false,
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 's3cret') {
          callback(null, { user: auth.username });
        } else {
          callback(new Error('Invalid credentials'));
        }
      },
      onRcptTo(address, _session, callback) {
        if (address.address === REJECTED) {
          callback(new Error('Mailbox unavailable'));
        } else {
          callback();
        }
      },
      onData(stream, session, callback) {
        readText(stream).then(
          (raw) => {
            received.push({
              from: session.envelope.mailFrom && session.envelope.mailFrom.address,
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              user: typeof session.user === 'string' ? session.user : undefined,
              raw,
            });
            callback();
          },
          (error: unknown) => {
            callback(error instanceof Error ? error : new Error(String(error)));
          },
        );
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => {
        resolve();
      });
    });
    const address = server.server.address();
    if (address === null || typeof address === 'string')
      throw new Error('SMTP server not listening');
    port = address.port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => {
      server.close(resolve);
    });
  });

  function makeMailer(from = 'Tappa <no-reply@tappa.test>') {
    const logger = createRecordingLogger();
    const url = `smtp://mailer:s3cret@127.0.0.1:${port}/?ignoreTLS=true`;
    return { logger, mailer: new SmtpMailer({ url, from, logger }) };
  }

  it('delivers recipient, subject and text to the SMTP server, authenticated from the URL', async () => {
    const { mailer, logger } = makeMailer();
    const sent = await mailer.send({
      to: 'ada@example.test',
      subject: 'Welcome to Tappa',
      text: 'Verify here: https://tappa.test/verify/xyz',
    });
    await mailer.close();

    expect(sent.transport).toBe('smtp');
    expect(sent.id).toMatch(/^<.+>$/);
    const message = received.at(-1);
    expect(message?.to).toEqual(['ada@example.test']);
    expect(message?.from).toBe('no-reply@tappa.test');
    expect(message?.user).toBe('mailer');
    expect(message?.raw).toMatch(/^To: ada@example\.test$/m);
    expect(message?.raw).toMatch(/^Subject: Welcome to Tappa$/m);
    expect(message?.raw).toContain('Verify here: https://tappa.test/verify/xyz');
    expect(message?.raw).toContain(`Message-ID: ${sent.id}`);
    expect(logger.entries.map((entry) => entry.level)).toEqual(['info']);
  });

  it('maps a rejected recipient to MailDeliveryError', async () => {
    const { mailer, logger } = makeMailer();
    const count = received.length;
    const attempt = mailer.send({ to: REJECTED, subject: 'Nope', text: 'never delivered' });

    await expect(attempt).rejects.toBeInstanceOf(MailDeliveryError);
    await expect(attempt).rejects.toMatchObject({
      transport: 'smtp',
      message: /Mailbox unavailable/,
    });
    expect(received.length).toBe(count);
    expect(logger.entries.map((entry) => entry.level)).toEqual(['error']);
    await mailer.close();
  });

  it('maps an unreachable server to MailDeliveryError', async () => {
    const logger = createRecordingLogger();
    const mailer = new SmtpMailer({ url: 'smtp://127.0.0.1:1', from: 'a@tappa.test', logger });
    await expect(
      mailer.send({ to: 'x@example.test', subject: 's', text: 't' }),
    ).rejects.toBeInstanceOf(MailDeliveryError);
    await mailer.close();
  });
});
