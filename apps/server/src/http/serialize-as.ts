import type { FastifyReply } from 'fastify';
import type { TSchema } from 'typebox';

/**
 * Writes this answer by one branch of its route's 200 schema, for a route whose 200 is a union (a page, or the
 * badge's `{ count }`): given a union, the serializer first validates the whole answer against each branch (every
 * record's ids and dates) only to choose which shape to write, which cost more than writing it (bench/,
 * `assigned-to-me`). The branch is compiled once per schema and reply context; errors keep their own schemas, so
 * it is set once the answer exists.
 */
export function serializeAs(reply: FastifyReply, schema: TSchema): void {
  // Fastify types a schema as a plain record; a TypeBox schema is one at run time.
  const compiled = reply.compileSerializationSchema(schema as unknown as Record<string, unknown>, '200');
  reply.type('application/json; charset=utf-8').serializer(compiled);
}
