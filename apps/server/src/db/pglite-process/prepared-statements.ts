import { type PGlite, parse, protocol } from '@electric-sql/pglite';
import type { BackendMessage } from 'pg-protocol/dist/messages.js';
import { Parser } from 'pg-protocol/dist/parser.js';
import { isStalePreparedStatement } from '../database.ts';

const { serialize } = protocol;

/** How many distinct statements stay prepared; the server's SQL comes from a few dozen templates. */
const DEFAULT_CAPACITY = 256;

/** Statement names, unique in the process, so two instances on one session never collide. */
let nextName = 1;

interface Prepared {
  name: string;
  /** The parameter types PostgreSQL inferred, for PGlite's serializers. */
  paramTypes: number[];
}

/**
 * Runs parameterized statements on PGlite's one session as named prepared statements: each SQL text is parsed
 * (and, once PostgreSQL settles on a generic plan, planned) once, and every later run is one call into PGlite
 * with Bind, Describe, Execute and Sync together. PGlite's own `query` parses, plans and describes every time,
 * in six calls; for the portal's list page that was most of the database's time (bench/, `list`; decision 17).
 *
 * PostgreSQL's answer is read by node-postgres's protocol parser, straight from PGlite's output: PGlite's own
 * copies every field out of its buffer before decoding it, a sixth of the process's time under load. Values are
 * then turned into JavaScript by PGlite's type parsers, so rows look exactly as `PGlite.query` returns them.
 *
 * Used by the PGlite process only, one statement at a time (its turns).
 */
export class PreparedStatements {
  readonly #pg: PGlite;
  readonly #capacity: number;
  /** By SQL text, least recently used first (a Map keeps insertion order; a hit moves to the end). */
  readonly #statements = new Map<string, Prepared>();

  constructor(pg: PGlite, capacity = DEFAULT_CAPACITY) {
    this.#pg = pg;
    this.#capacity = capacity;
  }

  /** How many statements are prepared now (for tests). */
  get size() {
    return this.#statements.size;
  }

  async query<T = Record<string, unknown>>(
    sql: string,
    params: readonly unknown[] = [],
  ): Promise<{ rows: T[] }> {
    const prepared = await this.#prepared(sql);
    try {
      return await this.#run<T>(prepared, params);
    } catch (error) {
      // A table the statement reads changed shape since it was prepared (a migration): prepare it again, once.
      if (!isStalePreparedStatement(error)) throw error;
      await this.#forget(sql);
      return this.#run<T>(await this.#prepared(sql), params);
    }
  }

  async #prepared(sql: string): Promise<Prepared> {
    const known = this.#statements.get(sql);
    if (known) {
      this.#statements.delete(sql);
      this.#statements.set(sql, known);
      return known;
    }
    const name = `portico_${nextName++}`;
    const messages = await this.#exchange([
      serialize.parse({ name, text: sql }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    const description = messages.find((message) => message.name === 'parameterDescription') as
      | { dataTypeIDs: number[] }
      | undefined;
    const prepared = { name, paramTypes: description?.dataTypeIDs ?? [] };
    this.#statements.set(sql, prepared);
    while (this.#statements.size > this.#capacity) {
      const oldest = this.#statements.keys().next().value as string;
      await this.#forget(oldest);
    }
    return prepared;
  }

  async #run<T>(prepared: Prepared, params: readonly unknown[]): Promise<{ rows: T[] }> {
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = this.#pg.serializers[prepared.paramTypes[index] ?? 0];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await this.#exchange([runMessages(prepared.name, values)]);
    const [result] = parse.parseResults(messages as never, this.#pg.parsers);
    return { rows: (result?.rows ?? []) as T[] };
  }

  async #forget(sql: string) {
    const prepared = this.#statements.get(sql);
    if (!prepared) return;
    this.#statements.delete(sql);
    await this.#exchange([serialize.close({ type: 'S', name: prepared.name }), serialize.sync()]);
  }

  /**
   * Sends frontend messages ending with Sync and answers PostgreSQL's messages, or throws its first error (after
   * Sync, so the session is ready for the next statement either way). PGlite runs the messages in one call. Its
   * data folder is on the real filesystem (NODEFS), which has nothing to sync afterwards.
   */
  async #exchange(frontend: readonly Uint8Array[]): Promise<BackendMessage[]> {
    const messages: BackendMessage[] = [];
    let error: Error | undefined;
    const parser = new Parser();
    const onMessage = (message: BackendMessage) => {
      if (message.name === 'error') error ??= message as unknown as Error;
      else messages.push(message);
    };
    await this.#pg.execProtocolRawStream(concat(frontend), {
      syncToFs: false,
      // A view into PGlite's memory, good only during this call: the parser copies what it keeps.
      onRawData: (chunk: Uint8Array) => parser.parse(Buffer.from(chunk), onMessage),
    });
    if (error) throw error;
    return messages;
  }
}

/** Describe (the unnamed portal), Execute (all rows) and Sync: the same after every Bind. */
const DESCRIBE_EXECUTE_SYNC = Buffer.concat([
  serialize.describe({ type: 'P' }),
  serialize.execute({}),
  serialize.sync(),
]);

/**
 * Bind (the unnamed portal to statement `name`, every parameter and result in text), then Describe, Execute and
 * Sync, in one buffer. Written here because PGlite's protocol writer, growing and copying its buffer field by
 * field, cost the PGlite process more than a tenth of a list page (bench/, `list`); the bytes are PostgreSQL's
 * frontend format, the same PGlite's writer produces.
 */
export function runMessages(name: string, values: readonly (string | null)[]): Buffer {
  const statement = Buffer.from(name, 'utf8');
  const encoded = values.map((value) => (value === null ? null : Buffer.from(value, 'utf8')));
  // Length field, portal name's terminator, statement name and its terminator, three Int16 counts, and a format
  // code per parameter.
  let bindLength = 4 + 1 + statement.length + 1 + 2 + 2 + 2 + 2 * encoded.length;
  for (const value of encoded) bindLength += 4 + (value?.length ?? 0);
  const out = Buffer.allocUnsafe(1 + bindLength + DESCRIBE_EXECUTE_SYNC.length);
  let at = out.writeUInt8(0x42, 0); // 'B'
  at = out.writeInt32BE(bindLength, at);
  at = out.writeUInt8(0, at); // the unnamed portal
  at += statement.copy(out, at);
  at = out.writeUInt8(0, at);
  at = out.writeInt16BE(encoded.length, at);
  for (let i = 0; i < encoded.length; i++) at = out.writeInt16BE(0, at); // text
  at = out.writeInt16BE(encoded.length, at);
  for (const value of encoded) {
    at = out.writeInt32BE(value === null ? -1 : value.length, at);
    if (value) at += value.copy(out, at);
  }
  at = out.writeInt16BE(0, at); // no result format codes: all text
  DESCRIBE_EXECUTE_SYNC.copy(out, at);
  return out;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0] as Uint8Array;
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}
