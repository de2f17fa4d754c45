import { type Static, Type } from 'typebox';

/**
 * Saves, publishes and status changes accept an `Idempotency-Key`: a repeat of the same request with the same key
 * (by the same user, within a day) answers the first answer again instead of doing the change twice, so a client
 * whose connection broke after the change committed can retry and learn that it succeeded.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set to `true` on an answer repeated from an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
/** 1 to 255 printable ASCII characters without spaces; a random UUID is what the front ends send. */
export const IDEMPOTENCY_KEY_PATTERN = '^[\\x21-\\x7E]{1,255}$';

export const IdempotencyHeadersSchema = Type.Object({
  'idempotency-key': Type.Optional(
    Type.String({
      pattern: IDEMPOTENCY_KEY_PATTERN,
      description:
        'Makes the call safe to retry: a repeat with the same key and the same request answers the first ' +
        'answer (with `Idempotent-Replayed: true`) and changes nothing; the same key with another request ' +
        'answers 422 `request.idempotency_mismatch`. Keys are the caller’s own and kept for 24 hours; send a ' +
        'new random UUID per user action and the same one when retrying it.',
    }),
  ),
});
export type IdempotencyHeaders = Static<typeof IdempotencyHeadersSchema>;
