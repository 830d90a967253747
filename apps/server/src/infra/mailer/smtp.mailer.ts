import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { MailDeliveryError, errorText } from './mailer';
import type { MailMessage, Mailer, MailerLogger, SentMail } from './mailer';

/** Options for {@link SmtpMailer}. */
export interface SmtpMailerOptions {
  /** Connection URL such as `smtp://user:pass@host:587` or `smtps://...`; query params become nodemailer options (e.g. `?ignoreTLS=true`). */
  url: string;
  /** The From header. */
  from: string;
  logger: MailerLogger;
}

/** Sends mail through any SMTP server via nodemailer. */
export class SmtpMailer implements Mailer {
  readonly transport = 'smtp';
  private readonly transporter: Transporter<SMTPTransport.SentMessageInfo>;
  private readonly from: string;
  private readonly logger: MailerLogger;

  constructor(options: SmtpMailerOptions) {
    this.transporter = nodemailer.createTransport({
      url: options.url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } satisfies SMTPTransport.Options);
    this.from = options.from;
    this.logger = options.logger;
  }

  async send(message: MailMessage): Promise<SentMail> {
    try {
      const info = await this.transporter.sendMail({
        from: this.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
      });
      this.logger.info({ to: message.to, messageId: info.messageId }, 'mail sent via SMTP');
      return { id: info.messageId, transport: 'smtp' };
    } catch (error) {
      this.logger.error({ to: message.to, err: error }, 'SMTP delivery failed');
      throw new MailDeliveryError(`SMTP delivery failed: ${errorText(error)}`, 'smtp', {
        cause: error,
      });
    }
  }

  /** Closes any pooled SMTP connections. */
  close(): Promise<void> {
    this.transporter.close();
    return Promise.resolve();
  }
}
