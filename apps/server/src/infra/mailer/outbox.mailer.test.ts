import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordingLogger } from '../../../test/helpers/recording-logger';
import { createTempDir } from '../../../test/helpers/temp-dir';
import { OutboxMailer, extractLinks, removeOutboxMailsTo } from './outbox.mailer';

/** Splits a raw message at the first blank line into (unfolded) headers and body. */
function parseEml(raw: string): { headers: Map<string, string>; body: string } {
  const split = raw.indexOf('\n\n');
  const head = raw.slice(0, split).replace(/\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: raw.slice(split + 2) };
}

describe('OutboxMailer', () => {
  let tmp: Awaited<ReturnType<typeof createTempDir>>;
  let dir: string;

  beforeAll(async () => {
    tmp = await createTempDir('outbox');
    dir = path.join(tmp.path, 'nested', 'outbox');
  });

  afterAll(async () => {
    await tmp.remove();
  });

  it('writes one .eml per send with To, Subject and body, and logs the links', async () => {
    const logger = createRecordingLogger();
    const mailer = new OutboxMailer({ dir, from: 'Tappa <no-reply@localhost>', logger });
    const text = 'Reset your password: https://tappa.example/reset?token=abc123.\nThanks!';

    const sent = await mailer.send({
      to: 'ada@example.test',
      subject: 'Reset your password',
      text,
    });

    expect(sent.transport).toBe('outbox');
    expect(sent.id).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]+\.eml$/);
    expect(await readdir(dir)).toEqual([sent.id]);

    const file = path.join(dir, sent.id);
    const { headers, body } = parseEml(await readFile(file, 'utf8'));
    expect(headers.get('to')).toBe('ada@example.test');
    expect(headers.get('from')).toBe('Tappa <no-reply@localhost>');
    expect(headers.get('subject')).toBe('Reset your password');
    expect(headers.get('message-id')).toMatch(/^<.+>$/);
    expect(body).toContain('https://tappa.example/reset?token=abc123');

    expect(logger.entries).toEqual([
      {
        level: 'info',
        args: [
          {
            to: 'ada@example.test',
            subject: 'Reset your password',
            file,
            links: ['https://tappa.example/reset?token=abc123'],
          },
          'mail written to outbox',
        ],
      },
    ]);
  });

  it('adds a new file for every further send and keeps the HTML part', async () => {
    const mailer = new OutboxMailer({ dir, from: 'x@localhost', logger: createRecordingLogger() });
    const before = await readdir(dir);
    const first = await mailer.send({
      to: 'a@example.test',
      subject: 'One',
      text: 'one',
      html: '<p>one</p>',
    });
    const second = await mailer.send({ to: 'b@example.test', subject: 'Two', text: 'two' });

    expect(first.id).not.toBe(second.id);
    expect((await readdir(dir)).length).toBe(before.length + 2);
    const raw = await readFile(path.join(dir, first.id), 'utf8');
    expect(raw).toContain('multipart/alternative');
    expect(raw).toContain('<p>one</p>');
  });
});

describe('removeOutboxMailsTo', () => {
  it("removes the mails to one address, in any case, and leaves everyone else's", async () => {
    const tmp = await createTempDir('outbox-erase');
    const dir = path.join(tmp.path, 'outbox');
    const mailer = new OutboxMailer({ dir, from: 'x@localhost', logger: createRecordingLogger() });
    // Only the To header counts: another team's mail may name the address in its text.
    const kept = await mailer.send({
      to: 'other@example.test',
      subject: 'Keep',
      text: 'to: team@example.test',
    });
    await mailer.send({ to: 'Team@Example.test', subject: 'One', text: 'one' });
    await mailer.send({ to: '"Civette" <team@example.test>', subject: 'Two', text: 'two' });

    expect(await removeOutboxMailsTo(dir, 'team@example.test')).toEqual({ removed: 2, failed: [] });
    expect(await readdir(dir)).toEqual([kept.id]);
    expect(await removeOutboxMailsTo(dir, 'team@example.test')).toEqual({ removed: 0, failed: [] });
    // No outbox at all (mail never went there) holds nothing to remove.
    const none = { removed: 0, failed: [] };
    expect(await removeOutboxMailsTo(path.join(tmp.path, 'missing'), 'team@example.test')).toEqual(
      none,
    );
    await tmp.remove();
  });
});

describe('extractLinks', () => {
  it('finds distinct http(s) URLs and drops trailing punctuation', () => {
    const text =
      'Go to https://a.test/x, or http://b.test/y?z=1! Again: https://a.test/x (ftp://no)';
    expect(extractLinks(text)).toEqual(['https://a.test/x', 'http://b.test/y?z=1']);
  });
});
