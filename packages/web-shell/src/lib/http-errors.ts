import type { ErrorBody } from '@portico/contracts';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** What the shell stores as `apiError` (SPEC §3: an error code) and shows to people. */
export interface ApiError {
  /** A stable code: the server's dotted code, an RTK Query status such as `FETCH_ERROR`, or `HTTP_<status>`. */
  code: string;
  message: string;
  status?: number;
}

/** Readable messages for the transport failures RTK Query reports instead of an HTTP status (SPEC §8). */
export const TRANSPORT_ERROR_MESSAGES = {
  FETCH_ERROR: 'The server could not be reached. Check your connection and try again.',
  TIMEOUT_ERROR: 'The server took too long to answer. Please try again.',
  PARSING_ERROR: 'The server sent an answer that could not be read.',
} as const;

/** HTTP status the services answer when the caller may not do something (SPEC §8). */
export const HTTP_FORBIDDEN = 403;
export const HTTP_UNAUTHORIZED = 401;

/** Codes the shell raises itself. */
export const SHELL_ERROR_CODES = {
  tokenMissing: 'auth.token_missing',
  endpointMissing: 'discovery.endpoint_missing',
  discoveryEmpty: 'discovery.no_services',
  unknown: 'UNKNOWN_ERROR',
} as const;

/** Titles and messages of the discovery errors (SPEC §8). */
export const DISCOVERY_MESSAGES = {
  toastTitle: 'Discovery Service Error',
  responseError: 'Response Error!',
  tokenNotFound: 'Token Not Found !',
} as const;

export function isErrorBody(data: unknown): data is ErrorBody {
  if (!data || typeof data !== 'object') return false;
  const error = (data as { error?: unknown }).error;
  return (
    !!error &&
    typeof error === 'object' &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

function isFetchBaseQueryError(error: unknown): error is FetchBaseQueryError {
  return !!error && typeof error === 'object' && 'status' in error;
}

function statusMessage(status: number): string {
  if (status === HTTP_UNAUTHORIZED) return 'Your session is no longer valid. Please sign in again.';
  if (status === HTTP_FORBIDDEN) return 'You are not allowed to see this.';
  if (status === 404) return 'What you asked for could not be found.';
  if (status >= 500) return 'The server ran into a problem. Please try again later.';
  return `The request failed (HTTP ${status}).`;
}

/** Statuses of a proxy that could not reach the server for now (a restart, a dropped link). */
const UNREACHABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** The server was not reached, or did not answer in time, or a proxy in front of it could not reach it. */
export const isUnreachable = (error: ApiError) =>
  error.code === 'FETCH_ERROR' ||
  error.code === 'TIMEOUT_ERROR' ||
  (error.status !== undefined && UNREACHABLE_STATUSES.has(error.status));

/**
 * Turns whatever a query or mutation rejected with (an RTK Query FetchBaseQueryError, a SerializedError or any
 * thrown value) into a code and a message a person can read.
 */
export function toApiError(error: unknown): ApiError {
  if (isFetchBaseQueryError(error)) {
    const { status } = error;
    // An error page that is not JSON (a proxy's 502 while the server restarts): its status says more than
    // "could not be read".
    if (status === 'PARSING_ERROR' && error.originalStatus >= 400) {
      const original = error.originalStatus;
      return { code: `HTTP_${original}`, message: statusMessage(original), status: original };
    }
    if (status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR' || status === 'PARSING_ERROR') {
      return { code: status, message: TRANSPORT_ERROR_MESSAGES[status] };
    }
    if (status === 'CUSTOM_ERROR') {
      const code = isErrorBody(error.data) ? error.data.error.code : SHELL_ERROR_CODES.unknown;
      return { code, message: error.error };
    }
    if (isErrorBody(error.data))
      return { code: error.data.error.code, message: error.data.error.message, status };
    return { code: `HTTP_${status}`, message: statusMessage(status), status };
  }
  if (error && typeof error === 'object') {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return {
      code: typeof code === 'string' && code ? code : SHELL_ERROR_CODES.unknown,
      message: typeof message === 'string' && message ? message : 'Something went wrong.',
    };
  }
  return {
    code: SHELL_ERROR_CODES.unknown,
    message: typeof error === 'string' ? error : 'Something went wrong.',
  };
}

/** A readable message for any query error. */
export function describeQueryError(error: unknown): string {
  return toApiError(error).message;
}
