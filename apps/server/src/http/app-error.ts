import { ERROR_CODES, type ErrorBody, type ErrorCode } from '@portico/contracts';

/** The one error type services throw: a stable code, its HTTP status and a message safe to show. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  /** What a page may act on, beside the message (e.g. the free name of a 409 `name.taken`). */
  readonly details: ErrorBody['error']['details'];

  constructor(code: ErrorCode, message: string, details?: ErrorBody['error']['details']) {
    super(message);
    this.code = code;
    this.status = ERROR_CODES[code];
    this.details = details;
  }
}
