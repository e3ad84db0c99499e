import { PROBLEM_KINDS, type TFieldError, type TProblem, type TProblemKind } from '@impact/domain';

/**
 * The one way services report an expected failure. The error handler turns it into a
 * problem document; anything else that escapes a handler is a 500 whose details stay in the log.
 */
export class AppError extends Error {
  readonly kind: TProblemKind;
  readonly status: number;
  readonly messageKey: string;
  readonly fieldErrors: TFieldError[] | undefined;
  /** Sent as Retry-After (a 503 or 429 that passes): when the client may try again. */
  readonly retryAfterSeconds: number | undefined;
  /** RFC 9457 extension members the contract names (ZProblem), e.g. a stale write's `newer`. */
  readonly extensions: Pick<TProblem, 'newer' | 'reasons'> | undefined;

  constructor(
    kind: TProblemKind,
    options: {
      messageKey?: string;
      detail?: string;
      errors?: TFieldError[];
      retryAfterSeconds?: number;
      extensions?: Pick<TProblem, 'newer' | 'reasons'>;
      /** What went wrong underneath: logged, never sent. */
      cause?: unknown;
    } = {},
  ) {
    super(options.detail ?? kind, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.status = PROBLEM_KINDS[kind];
    this.messageKey = options.messageKey ?? `errors.${kind}`;
    this.fieldErrors = options.errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.extensions = options.extensions;
  }
}

export const notFound = (messageKey?: string) => new AppError('notFound', messageKey ? { messageKey } : {});
export const forbidden = (messageKey?: string) => new AppError('forbidden', messageKey ? { messageKey } : {});
export const conflict = (messageKey: string, detail?: string) =>
  new AppError('conflict', detail ? { messageKey, detail } : { messageKey });
export const invalid = (errors: TFieldError[], messageKey = 'errors.validation') =>
  new AppError('validation', { messageKey, errors });
