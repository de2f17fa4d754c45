/**
 * Messages between the server and its PGlite process (structured clone over Node's IPC channel, so dates,
 * buffers and big integers arrive as they left). Every request carries an id its answer repeats.
 */
export type HostRequest =
  | { id: number; op: 'query'; sql: string; params?: unknown[] | undefined; tx?: number | undefined }
  /** One statement in a read-only transaction of its own, bound to the tenant (Database.readTenant). */
  | { id: number; op: 'read'; tenant: string; sql: string; params?: unknown[] | undefined }
  | { id: number; op: 'exec'; sql: string; tx?: number | undefined }
  /**
   * Opens a transaction once PGlite's one connection is free, runs `setup` in it first (binding a tenant, in
   * the same message, as BEGIN carries it on PostgreSQL); the answer is its number.
   */
  | { id: number; op: 'begin'; setup?: string | undefined }
  | { id: number; op: 'commit' | 'rollback'; tx: number }
  | { id: number; op: 'close' };

export type HostMessage =
  | { id: number; ok: true; rows?: unknown[]; tx?: number }
  | { id: number; ok: false; error: HostError }
  | { ready: true }
  | { ready: false; error: HostError };

/** A database error as plain data: its message and PostgreSQL's fields (code, detail, constraint, …). */
export type HostError = { message: string } & Record<string, unknown>;

const ERROR_FIELDS = [
  'name',
  'code',
  'severity',
  'detail',
  'hint',
  'position',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
] as const;

export function toHostError(error: unknown): HostError {
  if (!(error instanceof Error)) return { message: String(error) };
  const plain: HostError = { message: error.message };
  for (const field of ERROR_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') plain[field] = value;
  }
  return plain;
}

export function fromHostError(plain: HostError): Error {
  return Object.assign(new Error(plain.message), plain);
}
