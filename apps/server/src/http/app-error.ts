import { ERROR_CODES, type ErrorCode } from '@portico/contracts';

/** The one error type services throw: a stable code, its HTTP status and a message safe to show. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;

  constructor(code: ErrorCode, message: string) {
    super(message);
    this.code = code;
    this.status = ERROR_CODES[code];
  }
}
