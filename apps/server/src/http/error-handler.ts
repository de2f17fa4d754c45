import type { ErrorBody } from '@portico/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

export const errorBody = (
  code: string,
  message: string,
  details?: ErrorBody['error']['details'],
): ErrorBody => ({
  error: details ? { code, message, details } : { code, message },
});

/** Turns every failure into a JSON error with a stable code; 5xx answers never carry internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send(errorBody(error.code, error.message, error.details));
    }
    if (error.validation) {
      const details = error.validation.map((v) => ({
        path: `${error.validationContext ?? 'request'}${v.instancePath || ''}`,
        message: v.message ?? 'is invalid',
      }));
      return reply.status(400).send(errorBody('request.invalid', 'The request is not valid.', details));
    }
    const status = error.statusCode ?? 500;
    if (status === 429)
      return reply.status(429).send(errorBody('request.too_many', 'Too many requests; wait a minute.'));
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody('request.invalid', error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(errorBody('server.internal', 'Something went wrong on our side.'));
  });
}
