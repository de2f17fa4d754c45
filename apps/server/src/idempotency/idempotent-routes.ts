import { createHash } from 'node:crypto';
import { IDEMPOTENT_REPLAYED_HEADER } from '@portico/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../auth/caller.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { KeyedRequest } from './idempotency.repository.ts';
import { runIdempotently } from './idempotency.usecases.ts';

/** What routes use of idempotent changes (`runIdempotently`): the key read from the request, the answer sent. */

/**
 * The key and the request's fingerprint, or undefined when the request carries no key (then nothing is recorded
 * and the change runs as before). The key's form is checked by the route's header schema.
 */
export function keyedRequestOf(request: FastifyRequest): KeyedRequest | undefined {
  const key = request.headers['idempotency-key'];
  if (typeof key !== 'string') return undefined;
  return {
    key,
    method: request.method,
    path: request.url.split('?')[0] ?? '',
    requestSha256: createHash('sha256')
      .update(JSON.stringify(request.body ?? null))
      .digest('hex'),
  };
}

/**
 * What a route handler returns: `change` run once per key (`runIdempotently`), answered with its status, marked
 * `Idempotent-Replayed: true` when repeated.
 */
export async function answerIdempotently<T>(
  db: Database,
  caller: Caller,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  change: (tx: Queryable) => Promise<T>,
): Promise<T> {
  const answer = await runIdempotently(db, caller, keyedRequestOf(request), status, change);
  if (answer.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  reply.code(answer.status);
  return answer.body;
}
