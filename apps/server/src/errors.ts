import type { ErrorCode, ErrorParamMap, ErrorParams, ErrorParamValue } from '@tappa/contracts';

type ParamsArgs<C extends ErrorCode> = C extends keyof ErrorParamMap
  ? [params: ErrorParams<C>, options?: AppErrorOptions]
  : [params?: ErrorParams<C>, options?: AppErrorOptions];

/** What an error may add to its code: a cause, and an English detail for developers and logs. */
export interface AppErrorOptions {
  cause?: unknown;
  message?: string;
}

/** An `AppError` as plain fields (it crosses threads and becomes the response body). */
export interface AppErrorFields {
  code: ErrorCode;
  params: Record<string, ErrorParamValue>;
  message: string;
}

/** `route_not_found` → 'Route not found'. */
const sentenceOf = (code: string) =>
  code.charAt(0).toUpperCase() + code.slice(1).replaceAll('_', ' ');

/**
 * The one error services throw: a stable code of the closed set (`@tappa/contracts`) with the
 * parameters of its text. Users read the code's text from the web's catalogue; `message` is an
 * English detail for developers and logs.
 */
export class AppError<C extends ErrorCode = ErrorCode> extends Error {
  override readonly name = 'AppError';
  readonly params: Record<string, ErrorParamValue>;

  constructor(
    readonly code: C,
    ...[params, options]: ParamsArgs<C>
  ) {
    super(options?.message ?? sentenceOf(code), { cause: options?.cause });
    this.params = { ...params };
  }

  /** Its plain fields. */
  toFields(): AppErrorFields {
    return { code: this.code, params: this.params, message: this.message };
  }

  /** An `AppError` again from its plain fields. */
  static fromFields(fields: AppErrorFields): AppError {
    const error = new AppError<ErrorCode>(fields.code, undefined, { message: fields.message });
    Object.assign(error.params, fields.params);
    return error;
  }
}

/** A record that does not exist, or belongs to another tenant (both answer the same). */
export const notFound = () => new AppError('not_found');
