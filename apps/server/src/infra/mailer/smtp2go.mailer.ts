import { MailDeliveryError, errorText } from './mailer';
import type { MailMessage, Mailer, MailerLogger, SentMail } from './mailer';

/** Options for {@link Smtp2goMailer}. */
export interface Smtp2goMailerOptions {
  apiKey: string;
  /** Verified sender address (optionally `Name <addr>`), used as From. */
  sender: string;
  /** API root; defaults to `https://api.smtp2go.com/v3` (regional hosts also work). */
  baseUrl?: string;
  logger: MailerLogger;
  /** Injected for tests; defaults to the global fetch. */
  fetchImpl?: typeof fetch;
}

const TIMEOUT_MS = 10_000;

/** Sends mail through the SMTP2GO HTTP API (`POST /email/send`). */
export class Smtp2goMailer implements Mailer {
  readonly transport = 'smtp2go';
  private readonly apiKey: string;
  private readonly sender: string;
  private readonly endpoint: string;
  private readonly logger: MailerLogger;
  private readonly fetchImpl: typeof fetch;

  constructor(options: Smtp2goMailerOptions) {
    this.apiKey = options.apiKey;
    this.sender = options.sender;
    this.endpoint = `${(options.baseUrl ?? 'https://api.smtp2go.com/v3').replace(/\/+$/, '')}/email/send`;
    this.logger = options.logger;
    this.fetchImpl = options.fetchImpl ?? fetch;
  }

  async send(message: MailMessage): Promise<SentMail> {
    const body = {
      sender: this.sender,
      to: [message.to],
      subject: message.subject,
      text_body: message.text,
      ...(message.html === undefined ? {} : { html_body: message.html }),
    };
    let status: number;
    let payload: unknown;
    try {
      const response = await this.fetchImpl(this.endpoint, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-Smtp2go-Api-Key': this.apiKey,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      status = response.status;
      payload = await response.json().catch(() => null);
    } catch (error) {
      throw this.fail(message, `SMTP2GO request failed: ${errorText(error)}`, error);
    }
    const data = readData(payload);
    if (status === 200 && data.succeeded === 1 && typeof data.email_id === 'string') {
      this.logger.info({ to: message.to, emailId: data.email_id }, 'mail sent via SMTP2GO');
      return { id: data.email_id, transport: 'smtp2go' };
    }
    const reason = typeof data.error === 'string' ? data.error : failureText(data.failures);
    throw this.fail(message, `SMTP2GO rejected the message (HTTP ${status}): ${reason}`);
  }

  private fail(message: MailMessage, text: string, cause?: unknown): MailDeliveryError {
    this.logger.error({ to: message.to, err: cause ?? text }, 'SMTP2GO delivery failed');
    return new MailDeliveryError(text, 'smtp2go', cause === undefined ? undefined : { cause });
  }
}

/** The `data` object of an SMTP2GO response, or an empty record when absent. */
function readData(payload: unknown): Record<string, unknown> {
  if (typeof payload !== 'object' || payload === null || !('data' in payload)) return {};
  const { data } = payload;
  if (typeof data !== 'object' || data === null) return {};
  return { ...data };
}

function failureText(failures: unknown): string {
  if (Array.isArray(failures) && failures.length > 0) return failures.map(String).join('; ');
  return 'unknown error';
}
