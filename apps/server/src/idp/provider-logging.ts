import type { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type Provider from 'oidc-provider';

/** Requests the provider refused for a reason the client can fix: worth a line, not an alert. */
const REFUSAL_EVENTS = [
  'authorization.error',
  'grant.error',
  'end_session.error',
  'end_session_confirm.error',
  'end_session_success.error',
  'userinfo.error',
  'discovery.error',
  'jwks.error',
  'revocation.error',
  'introspection.error',
  'pushed_authorization_request.error',
  'registration_create.error',
  'registration_read.error',
] as const;

interface ProviderError extends Error {
  error?: string;
  error_description?: string;
  error_detail?: string;
}

interface EventContext {
  method?: string;
  path?: string;
  /** The raw request; middie gave it Fastify's per-request logger and the URL before the /oidc mount. */
  req?: { log?: FastifyBaseLogger; originalUrl?: string };
}

/**
 * oidc-provider reports through events (and would print to the console for lack of a listener); this sends them
 * to the server's logger so that they land with every other request log.
 */
export function routeProviderLogs(provider: Provider, log: FastifyBaseLogger) {
  // Typed per event name in @types/oidc-provider; one loop over several names needs the plain emitter.
  const events = provider as unknown as EventEmitter;
  // The request's own logger ties the line to its reqId. The path drops the query, which can hold codes.
  const logOf = (ctx: EventContext | undefined) => ctx?.req?.log ?? log;
  const where = (ctx: EventContext | undefined) => ({
    method: ctx?.method,
    path: ctx?.req?.originalUrl?.split('?')[0] ?? ctx?.path,
  });
  events.on('server_error', (ctx: EventContext, err: Error) => {
    logOf(ctx).error({ err, ...where(ctx) }, 'identity provider: internal error');
  });
  for (const event of REFUSAL_EVENTS) {
    events.on(event, (ctx: EventContext, err: ProviderError) => {
      logOf(ctx).info(
        {
          event,
          error: err.error ?? err.message,
          description: err.error_description,
          detail: err.error_detail,
          ...where(ctx),
        },
        `identity provider refused a request: ${err.error ?? err.message}`,
      );
    });
  }
  // Koa's own channel, for anything that escapes the provider's handlers.
  events.on('error', (err: Error, ctx: EventContext) => {
    logOf(ctx).error({ err, ...where(ctx) }, 'identity provider: unhandled error');
  });
  events.on('grant.revoked', (ctx: EventContext, grantId: string) => {
    logOf(ctx).debug({ grantId }, 'identity provider: grant revoked');
  });
  events.on('end_session.success', (ctx: EventContext) => logOf(ctx).info('identity provider: signed out'));
}
