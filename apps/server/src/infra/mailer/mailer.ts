import type { MailTransport } from '@tappa/contracts';
import type { FastifyBaseLogger } from 'fastify';

/** A plain transactional e-mail to a single recipient. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** The result of a successful send: a transport-specific message id. */
export interface SentMail {
  id: string;
  transport: MailTransport;
}

/** Sends e-mail through one transport. */
export interface Mailer {
  readonly transport: SentMail['transport'];
  send(message: MailMessage): Promise<SentMail>;
}

/** The logger subset the mailers use. */
export type MailerLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** Thrown when a transport could not hand a message over for delivery. */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly transport: SentMail['transport'],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MailDeliveryError';
  }
}

/** The message of an Error, or the value as text for anything else thrown. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
