import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { systemClock } from '../clock';
import { MailDeliveryError, errorText } from './mailer';
import type { MailMessage, Mailer, MailerLogger, SentMail } from './mailer';

/** Options for {@link OutboxMailer}. */
export interface OutboxMailerOptions {
  /** Directory the `.eml` files are written to; created on demand. */
  dir: string;
  /** The From header, e.g. `Tappa <no-reply@localhost>`. */
  from: string;
  logger: MailerLogger;
}

/** Development mailer that writes each message as an RFC 5322 `.eml` file and logs its links. */
export class OutboxMailer implements Mailer {
  readonly transport = 'outbox';
  private readonly dir: string;
  private readonly from: string;
  private readonly logger: MailerLogger;
  private readonly composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });

  constructor(options: OutboxMailerOptions) {
    this.dir = options.dir;
    this.from = options.from;
    this.logger = options.logger;
  }

  async send(message: MailMessage): Promise<SentMail> {
    const { to, subject } = message;
    const id = `${systemClock.now().toISOString().replaceAll(':', '-')}-${randomBytes(6).toString('hex')}.eml`;
    const file = path.join(this.dir, id);
    try {
      const info = await this.composer.sendMail({
        from: this.from,
        to,
        subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
      });
      if (!Buffer.isBuffer(info.message)) throw new Error('stream transport returned no buffer');
      await mkdir(this.dir, { recursive: true });
      await writeFile(file, info.message, { flag: 'wx' });
    } catch (error) {
      throw new MailDeliveryError(
        `Could not write mail to the outbox: ${errorText(error)}`,
        'outbox',
        {
          cause: error,
        },
      );
    }
    const links = extractLinks(message.text);
    this.logger.info({ to, subject, file, links }, 'mail written to outbox');
    return { id, transport: 'outbox' };
  }
}

/** Returns the distinct http(s) URLs in a plain-text body, without trailing punctuation. */
export function extractLinks(text: string): string[] {
  const found = text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [];
  return [...new Set(found.map((url) => url.replace(/[.,;:!?]+$/, '')))];
}

/** The outbox folder of a data directory: where {@link OutboxMailer} writes by default. */
export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

/** The addresses of a raw message's To header, lower-cased (`Name <a@b>` or bare `a@b`). */
function recipientsOf(raw: string): string[] {
  const blank = raw.search(/\r?\n\r?\n/);
  const head = (blank < 0 ? raw : raw.slice(0, blank)).replace(/\r?\n[ \t]+/g, ' ');
  const to = /^to:(.*)$/im.exec(head)?.[1] ?? '';
  return to
    .split(',')
    .map((part) => (/<([^>]*)>/.exec(part)?.[1] ?? part).trim().toLowerCase())
    .filter((address) => address !== '');
}

/**
 * Removes the outbox's messages addressed to `address`, compared case-insensitively: a team's
 * erasure (decision 0057) takes its verification links and receipts with it. A missing outbox
 * holds nothing. Returns how many went, and the file names (a time and a random suffix, no
 * personal data) of those that could not be read or removed.
 */
export async function removeOutboxMailsTo(
  dir: string,
  address: string,
): Promise<{ removed: number; failed: string[] }> {
  const wanted = address.trim().toLowerCase();
  const files = await readdir(dir).catch(() => []);
  let removed = 0;
  const failed: string[] = [];
  for (const file of files.filter((name) => name.endsWith('.eml'))) {
    try {
      const raw = await readFile(path.join(dir, file), 'utf8');
      if (!recipientsOf(raw).includes(wanted)) continue;
      await rm(path.join(dir, file));
      removed += 1;
    } catch {
      failed.push(file);
    }
  }
  return { removed, failed };
}
