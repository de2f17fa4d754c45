import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';
import { redactTickets } from './log-redaction.ts';

/**
 * What the server logs, and what it never does. Request lines carry the method, the path and the client; bodies
 * and headers are not logged at all, and in case something logs them anyway, the paths below are censored:
 * bearer tokens, cookies, passwords, tokens of every kind. Query parameters that carry secrets (an authorization
 * code, an ID token hint, a download ticket) lose their values, since a query is part of every request line.
 */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  // @fastify/multipart logs the options it hands busboy, the request's headers among them, at trace level.
  '*.headers.authorization',
  '*.headers.cookie',
  '*.password',
  '*.passwordHash',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
  '*.idToken',
  '*.access_token',
  '*.refresh_token',
  '*.id_token',
  '*.code_verifier',
  '*.client_secret',
];

/** Query parameters whose values are secrets (OAuth codes and tokens, one-time tickets, invitation links). */
const SECRET_PARAMS = new Set([
  'code',
  'code_verifier',
  'id_token_hint',
  'access_token',
  'refresh_token',
  'token',
  'ticket',
  'invitation',
  'password',
]);

/**
 * The URL as logged: download tickets (a secret in the path, `dt_…`) and secret query values replaced, everything
 * else as the client sent it.
 */
export function loggableUrl(logged: string): string {
  const url = redactTickets(logged);
  const query = url.indexOf('?');
  if (query < 0) return url;
  const params = new URLSearchParams(url.slice(query + 1));
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (SECRET_PARAMS.has(key.toLowerCase())) {
      params.set(key, 'redacted');
      changed = true;
    }
  }
  return changed ? `${url.slice(0, query)}?${params}` : url;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * Fastify's logger as the server runs it: `LOG_LEVEL`, pretty lines for a person at a terminal (pino-pretty, in
 * pino's worker thread) and JSON lines for a log collector otherwise. `given` (tests) overrides any of it, or is
 * `false` for no log at all.
 */
export function serverLoggerOptions(
  config: Pick<Config, 'logLevel'>,
  given?: FastifyServerOptions['logger'],
): FastifyServerOptions['logger'] {
  if (given === false) return false;
  const base = {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: loggableUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
  if (given && typeof given === 'object') return { ...base, ...given };
  if (process.stdout.isTTY) {
    return {
      ...base,
      transport: {
        target: 'pino-pretty',
        options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
      },
    };
  }
  return base;
}
